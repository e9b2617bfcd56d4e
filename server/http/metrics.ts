import crypto from 'node:crypto';
import type { Context, Env as HonoEnv, Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import client from 'prom-client';

/** Connections of the PostgreSQL pool (SQLite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Seconds: from a cached page (a millisecond) to a slow search or a large upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route a request matched, as its pattern (`/api/v1/public/book/:code`), so that the label has
 * as many values as there are routes, not addresses. Pages (React Router decides them) are `page`.
 */
function routeLabelOf(c: Context): string {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  if (route) return route.path;
  if (c.req.path.startsWith('/api/')) return '/api/*';
  if (c.req.path.startsWith('/assets/')) return '/assets/*';
  return 'page';
}

/**
 * Prometheus metrics of one process (prom-client), served at /metrics to a scraper that presents
 * METRICS_TOKEN: request latency by route pattern, page-cache lookups, search latency, the
 * PostgreSQL pool, and Node's own process metrics.
 */
export function createMetrics(options: { poolStats?: () => PoolStats | null; processMetrics?: boolean } = {}) {
  const registry = new client.Registry();
  const requestDuration = new client.Histogram({
    name: 'phapbao_http_request_duration_seconds',
    help: 'Time to answer a request (until the handler returned), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pageCacheLookups = new client.Counter({
    name: 'phapbao_page_cache_lookups_total',
    help: 'Anonymous pages answered from the page cache (hit) or rendered and kept (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const searchDuration = new client.Histogram({
    name: 'phapbao_search_duration_seconds',
    help: 'Time of one search (API and pages alike), by outcome',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const poolStats = options.poolStats;
  if (poolStats) {
    new client.Gauge({
      name: 'phapbao_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  if (options.processMetrics) client.collectDefaultMetrics({ register: registry, prefix: 'phapbao_' });
  // Whether each dependency besides the database answers, asked at each scrape (it is given once the
  // services exist: `watchDependencies`).
  let dependencyStatus: (() => Promise<{ name: string; up: boolean }[]>) | null = null;
  new client.Gauge({
    name: 'phapbao_dependency_up',
    help: 'Whether a dependency besides the database (redis) answered within the readiness timeout at this scrape: 1 or 0',
    labelNames: ['dependency'] as const,
    registers: [registry],
    async collect() {
      if (!dependencyStatus) return;
      for (const { name, up } of await dependencyStatus()) this.set({ dependency: name }, up ? 1 : 0);
    },
  });

  return {
    registry,
    /** Times every request that reaches it; counts the page cache's answers by their X-Cache header. */
    middleware(): MiddlewareHandler {
      return async (c, next) => {
        const started = performance.now();
        try {
          await next();
        } finally {
          const status = String(c.res.status);
          requestDuration.observe(
            { method: c.req.method, route: routeLabelOf(c), status },
            (performance.now() - started) / 1000,
          );
          const cache = c.res.headers.get('x-cache');
          if (cache === 'hit' || cache === 'miss') pageCacheLookups.inc({ result: cache });
        }
      };
    },
    /** Where `phapbao_dependency_up` asks (the health service's `dependencies`). */
    watchDependencies(status: () => Promise<{ name: string; up: boolean }[]>): void {
      dependencyStatus = status;
    },
    /** Wraps a search so that each call is timed (server/services/index.ts). */
    observeSearch(seconds: number, outcome: 'ok' | 'error'): void {
      searchDuration.observe({ outcome }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * GET /metrics in Prometheus' text format, for a scraper presenting `Authorization: Bearer <token>`;
 * 401 without it. Mounted only when METRICS_TOKEN is set.
 */
export function mountMetricsEndpoint<E extends HonoEnv>(app: Hono<E>, metrics: Metrics, token: string): void {
  const expected = crypto.createHash('sha256').update(`Bearer ${token}`).digest();
  app.get('/metrics', async (c) => {
    const given = crypto
      .createHash('sha256')
      .update(c.req.header('authorization') ?? '')
      .digest();
    if (!crypto.timingSafeEqual(given, expected)) {
      return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' });
    }
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
}
