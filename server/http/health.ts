import type { Env as HonoEnv, Hono } from 'hono';
import type { HealthService } from '#server/services/health.service.ts';

/** Probes answer for this moment only: no browser, proxy or page cache keeps them. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /healthz: the process is alive and its event loop turns (no database, nothing to compute).
 * GET /readyz: it should get traffic — 200, or 503 with the reason while shutting down or while the
 * database does not answer (docs/deploy.md, "Health"). Redis (REDIS_URL) that does not answer
 * leaves it 200 with `"degraded": ["redis"]`: readers need no Redis. Reasons are words, never an
 * address or an error's text.
 */
export function mountHealthProbes<E extends HonoEnv>(app: Hono<E>, health: Pick<HealthService, 'readiness'>): void {
  app.on(['GET', 'HEAD'], '/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  app.on(['GET', 'HEAD'], '/readyz', async (c) => {
    const readiness = await health.readiness();
    if (readiness.ready) {
      const body =
        readiness.degraded.length > 0 ? { status: 'ready', degraded: readiness.degraded } : { status: 'ready' };
      return c.json(body, 200, NO_STORE);
    }
    return c.json({ status: 'not-ready', reason: readiness.reason }, 503, NO_STORE);
  });
}
