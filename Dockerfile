# Pháp Bảo in a container: the commands CI and the tests run (npm ci, node scripts/build.mjs, then
# node scripts/start.mjs), on Debian 12 like the machines the tests run on. docs/deploy.md, "Containers".
# The base images are arguments only so that a machine without Docker Hub can build with stand-ins
# (scripts/docker-check.mjs); everywhere else keep the official ones.
ARG NODE_IMAGE=node:20-bookworm
ARG NODE_RUNTIME_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

FROM ${NODE_RUNTIME_IMAGE}
# pg_dump / pg_restore for `npm run backup` and `npm run restore` on PostgreSQL; Noto Serif CJK for
# the Chinese of quote cards and of the covers drawn for EPUBs (decision 0051: boxes without it).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/phap-bao
COPY --from=build /app /app
RUN mkdir -p /var/lib/phap-bao && chown node:node /var/lib/phap-bao
USER node
EXPOSE 3000
VOLUME ["/var/lib/phap-bao"]
# /healthz: the process lives (docs/deploy.md, "Health"); the balancer asks /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
