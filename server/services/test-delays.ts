import type { Env } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';

/**
 * Tests only: `TEST_SLOW_SERVICE=home.listNewestBooks:3000,site.countContent:2500` makes those
 * service calls wait that long first, to show what a slow data source does to a page (its time
 * budget, app/lib/budget.server.ts). Honoured only when NODE_ENV=test or TEST_HOOKS=true.
 */
export function applyTestDelays<S extends object>(services: S, env: Env, logger: Logger): S {
  if (!env.TEST_SLOW_SERVICE) return services;
  if (env.NODE_ENV !== 'test' && !env.TEST_HOOKS) {
    logger.warn('TEST_SLOW_SERVICE is ignored: set it only in tests (NODE_ENV=test or TEST_HOOKS=true)');
    return services;
  }
  for (const entry of env.TEST_SLOW_SERVICE.split(',')) {
    const match = /^(\w+)\.(\w+):(\d+)$/.exec(entry.trim());
    const service = match ? (services as Record<string, Record<string, unknown>>)[match[1]!] : undefined;
    const original = service?.[match?.[2] ?? ''];
    if (!match || typeof original !== 'function') throw new Error(`TEST_SLOW_SERVICE: no service call ${entry}`);
    const ms = Number(match[3]);
    service![match[2]!] = async (...args: unknown[]) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return (original as (...a: unknown[]) => unknown).apply(service, args);
    };
    logger.warn({ call: `${match[1]}.${match[2]}`, ms }, 'test hook: service call delayed');
  }
  return services;
}
