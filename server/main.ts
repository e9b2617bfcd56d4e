/**
 * Starts Pháp Bảo: checks the configuration, opens and migrates the database, imports the demo
 * content on the first start, and serves everything from one Node process. Nothing else starts
 * anything. `npm start` runs the bundled copy (build/server/main.js); `npm run dev` runs this file.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { EnvError, loadEnv } from './env.ts';
import { isLoopbackHost } from './lib/proxy-headers.ts';
import { createLogger } from './logger.ts';
import { openMediaStorage } from './media/open-media-storage.ts';
import { trackInFlightRequests } from './http/graceful-shutdown.ts';
import { createMetrics } from './http/metrics.ts';
import { applyServerLimits } from './lib/server-limits.ts';
import { pageBodyLimitRules } from './http/body-limits.ts';
import { createServices } from './services/index.ts';
import { openRedis } from './shared/open-redis.ts';

/** The folder holding package.json, above server/main.ts (development) or build/server/main.js. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
const projectRoot = findProjectRoot();

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const dev = env.NODE_ENV === 'development';
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL && !isLoopbackHost(env.HOST)) {
    logger.warn(
      { host: env.HOST },
      `PUBLIC_URL is not set: absolute links (canonical, feeds, share previews, social login) point at http://localhost:${env.PORT}. Set it to the public address (docs/deploy.md).`,
    );
  }

  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    replicaUrl: env.DATABASE_REPLICA_URL,
    onReplicaError: (error) => logger.warn({ err: error }, 'a read on the replica failed: ran on the primary'),
    sqlitePath: path.join(env.DATA_DIR, 'phap-bao.sqlite'),
  });
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const media = openMediaStorage(env);
  // Prometheus metrics only when a scraper has a token to present (docs/deploy.md, "Metrics").
  const metrics = env.METRICS_TOKEN
    ? createMetrics({ poolStats: database.poolStats, processMetrics: true })
    : undefined;
  // REDIS_URL: the rate limits count in Redis and content notices travel there (decision 0038).
  const redis = env.REDIS_URL ? await openRedis(env.REDIS_URL, logger) : null;
  const services = createServices({
    database,
    env,
    logger,
    media,
    counters: redis?.counters,
    notices: redis?.notices,
    readinessDependencies: redis ? [{ name: 'redis', ping: redis.ping }] : [],
    demoDir: path.join(projectRoot, 'data', 'demo'),
    unihanFile: path.join(projectRoot, 'data', 'unihan', 'unihan-vi.tsv'),
    onSearchTimed: metrics?.observeSearch,
  });
  metrics?.watchDependencies(services.health.dependencies);
  await services.site.ensureDefaults();
  // The index first: on an empty library it is cheap, and the demo import then indexes as it goes.
  await services.searchIndexer.ensureCurrent();
  await services.search.removeStaleAnswers();
  if (env.IMPORT_DEMO_CONTENT) {
    await services.demoImport.importOnce();
    await services.demoImport.fillQuoteMeanings();
    await services.demoImport.importTalksOnce();
    await services.demoImport.importVideosOnce();
    // Last: compilations point at the books, talks, videos and articles imported above.
    await services.demoImport.importCompilationsOnce();
  }
  // What a reader removed is kept only as long as a change made offline may still arrive (SECURITY.md).
  const stopPruning = services.removalRetention.start();

  const server = http.createServer();
  let handleViteFirst: ((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void) | null = null;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({
      root: projectRoot,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    });
    handleViteFirst = viteServer.middlewares;
    build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverBuild = pathToFileURL(path.join(projectRoot, 'build', 'server', 'index.js')).href;
    build = (await import(serverBuild)) as ServerBuild;
  }
  const handlePage = createRequestHandler(build, dev ? 'development' : 'production');
  // The body limits page and resource routes declare in their `handle` (read once; dev reloads keep them).
  const pageRoutes = (typeof build === 'function' ? await build() : build).routes;

  const app = createApp({
    services,
    env,
    logger,
    media,
    dev,
    metrics,
    pageHandler: (request, context) => handlePage(request, context),
    clientDir: dev ? undefined : path.join(projectRoot, 'build', 'client'),
    pageBodyLimitRules: pageBodyLimitRules(pageRoutes),
  });
  // Slow clients: a request must arrive within REQUEST_TIMEOUT_MS (uploads excepted), and at most
  // MAX_CONNECTIONS are open at once. Registered before the app's listener, so it runs first.
  applyServerLimits(server, {
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    maxConnections: env.MAX_CONNECTIONS,
    isUploadPath: app.bodyLimits.isUploadPath,
  });
  const inFlight = trackInFlightRequests(server);
  const listener = getRequestListener(app.fetch);
  server.on('request', (req, res) => {
    if (handleViteFirst) handleViteFirst(req, res, () => void listener(req, res));
    else void listener(req, res);
  });

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://localhost:${port}`;
    logger.info({ port, dialect: database.dialect, dev }, `Pháp Bảo đang chạy tại ${url}`);
    // scripts/start.mjs prints it as a plain line; run directly in a terminal, so does this.
    const emit = process.emit.bind(process) as (event: string, ...args: unknown[]) => boolean;
    if (!emit('phap-bao:listening', url) && process.stdout.isTTY) {
      console.log(`Pháp Bảo đang chạy tại ${url}`);
    }
  });

  // SIGTERM (systemd, Docker, a deploy): /readyz answers 503 so the balancer stops sending readers,
  // no new connection is accepted, requests and uploads under way get SHUTDOWN_GRACE_MS to finish,
  // then the database is closed and the process exits 0. A second signal ends it at once.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    stopPruning();
    services.health.beginShutdown();
    // A worker of `npm start` with WORKERS=n tells the primary not to signal it again (scripts/start.mjs).
    process.send?.({ phapBao: 'stopping' });
    logger.info({ signal, inFlight: inFlight.count(), graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down');
    void (async () => {
      const outcome = await inFlight.drain(env.SHUTDOWN_GRACE_MS);
      if (outcome === 'grace-exceeded') {
        logger.warn({ graceMs: env.SHUTDOWN_GRACE_MS }, 'requests still under way after the grace period were cut');
      }
      await redis?.close();
      await database.close();
      logger.info({ outcome }, 'stopped');
      process.exit(0);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Pháp Bảo could not start:', error);
  }
  process.exit(1);
});
