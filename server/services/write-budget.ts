import { AppError } from '#server/errors.ts';
import type { SharedCounters } from './shared-counters.ts';

/**
 * How many writes to their own things (notes, groups, playlists, bookmarks, saved searches and
 * books) one account may make in a window: one scripted account cannot fill the database in
 * seconds. Counted in the shared counters (rate_windows, or Redis with REDIS_URL), so N processes
 * behind the balancer allow the same budget as one (decision 0038).
 */
export interface WriteBudget {
  /** Counts one write of the account; throws 429 once its window is used up. */
  spend(userId: number): Promise<void>;
}

export function createWriteBudget(options: {
  limit: number;
  windowMs: number;
  counters: SharedCounters;
  now?: () => number;
}): WriteBudget {
  const now = options.now ?? Date.now;
  return {
    async spend(userId) {
      const w = await options.counters.hitWindow(`owned-writes:${userId}`, now(), options.windowMs);
      if (w.count > options.limit) throw new AppError('TOO_MANY_REQUESTS');
    },
  };
}

/**
 * The service with each of `methods` spending from the budget first. Every one takes the
 * account's id as its first argument and answers a promise; the service's own inner calls are
 * not counted twice.
 */
export function withWriteBudget<S extends object, K extends keyof S>(
  service: S,
  budget: WriteBudget,
  methods: readonly K[],
): S {
  const wrapped = { ...service };
  for (const name of methods) {
    const method = service[name] as unknown as (userId: number, ...rest: unknown[]) => Promise<unknown>;
    (wrapped as Record<PropertyKey, unknown>)[name] = async (userId: number, ...rest: unknown[]) => {
      await budget.spend(userId);
      return method.call(service, userId, ...rest);
    };
  }
  return wrapped;
}
