# Stand-in for node:20-bookworm where Docker Hub cannot be reached (scripts/docker-check.mjs):
# Debian 12 made with debootstrap, the build tools native modules compile with, the user `node`,
# and the machine's own Node 20 (the files of its `nodejs` package, in node.tar).
ARG DEBIAN_IMAGE=phap-bao-local/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The machine's extra certificate authorities (a proxy in front of the npm registry), if any.
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
ADD node.tar /
# better-sqlite3 compiles against the headers of this Node (no download from nodejs.org), and npm
# trusts the system's authorities.
ENV npm_config_nodedir=/usr npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node && node --version
CMD ["node"]
