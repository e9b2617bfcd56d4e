# Stand-in for postgres:15-bookworm (scripts/docker-check.mjs): Debian 12's PostgreSQL 15 with the
# part of the official image's start compose.yaml uses: POSTGRES_USER, POSTGRES_PASSWORD and
# POSTGRES_DB make the cluster on the first start, in /var/lib/postgresql/data.
ARG DEBIAN_IMAGE=phap-bao-local/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
  && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-start.sh /usr/local/bin/postgres-start.sh
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
CMD ["sh", "/usr/local/bin/postgres-start.sh"]
