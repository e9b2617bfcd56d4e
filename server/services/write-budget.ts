import { AppError } from '#server/errors.ts';
import { createRateLimiter } from './rate-limiter.ts';

/**
 * How many writes to their own things (notes, groups, playlists, bookmarks, saved searches and
 * books) one account may make in a window: one scripted account cannot fill the database in
 * seconds. In memory, like the login limiter (server/services/rate-limiter.ts).
 */
export interface WriteBudget {
  /** Counts one write of the account; throws 429 once its window is used up. */
  spend(userId: number): void;
}

export function createWriteBudget(options: { limit: number; windowMs: number; now?: () => number }): WriteBudget {
  const limiter = createRateLimiter(options);
  return {
    spend(userId) {
      if (!limiter.hit(`owned-writes:${userId}`)) throw new AppError('TOO_MANY_REQUESTS');
    },
  };
}

/**
 * The service with each of `methods` spending from the budget first. Every one takes the
 * account's id as its first argument; the service's own inner calls are not counted twice.
 */
export function withWriteBudget<S extends object, K extends keyof S>(
  service: S,
  budget: WriteBudget,
  methods: readonly K[],
): S {
  const wrapped = { ...service };
  for (const name of methods) {
    const method = service[name] as unknown as (userId: number, ...rest: unknown[]) => unknown;
    (wrapped as Record<PropertyKey, unknown>)[name] = (userId: number, ...rest: unknown[]) => {
      budget.spend(userId);
      return method.call(service, userId, ...rest);
    };
  }
  return wrapped;
}
