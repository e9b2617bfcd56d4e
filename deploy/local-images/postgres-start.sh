#!/bin/sh
# The first start makes the cluster: POSTGRES_USER (superuser) with POSTGRES_PASSWORD, and
# POSTGRES_DB; connections from the network need the password (scram-sha-256).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "${POSTGRES_DB:-$POSTGRES_USER}" != postgres ]; then
    createdb --username="$POSTGRES_USER" "${POSTGRES_DB:-$POSTGRES_USER}"
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -c listen_addresses='*'
