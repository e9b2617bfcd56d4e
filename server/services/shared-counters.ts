import { AppError, isAppError } from '#server/errors.ts';
import type { RateWindowRepository } from '#server/repositories/rate-window.repository.ts';
import type { DependencyWatch } from './health.service.ts';

/**
 * Attempt counters every app process shares (decisions 0029, 0038): the login limits, the
 * account-recovery limits and the per-account write budget all count here. Two stores keep them:
 * PostgreSQL's (or SQLite's) `rate_windows` table by default, Redis when `REDIS_URL` is set
 * (server/shared/redis-counters.ts). Each change is one atomic step of the store, so two processes
 * counting the same key at once both count.
 */
export interface SharedCounters {
  /** Counts one under `key` in a fixed window of `windowMs` that starts with its first count. */
  hitWindow(key: string, now: number, windowMs: number): Promise<{ count: number; expiresAt: number }>;
  /** Counts a failure; the count is forgotten `forgetAfterMs` after the last one. */
  hitFailure(key: string, now: number, forgetAfterMs: number): Promise<{ count: number; startedAt: number }>;
  /** The live counter of `key`, or null. */
  find(key: string, now: number): Promise<{ count: number; startedAt: number } | null>;
  remove(key: string): Promise<void>;
  /** Live counters whose key starts with `prefix` (tests, the flood bench). */
  countLive(prefix: string, now: number): Promise<number>;
}

const PRUNE_EVERY_MS = 60 * 1000;

/** The counters in the database's `rate_windows`; expired rows go at most once a minute, by whichever process counts next. */
export function createDatabaseCounters(windows: RateWindowRepository): SharedCounters {
  let prunedAt = 0;
  function pruneNowAndThen(t: number) {
    if (t - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = t;
    void windows.removeExpired(t).catch(() => {
      // Pruning is housekeeping: the next minute tries again.
    });
  }
  return {
    hitWindow(key, now, windowMs) {
      pruneNowAndThen(now);
      return windows.hitWindow(key, now, windowMs);
    },
    hitFailure(key, now, forgetAfterMs) {
      pruneNowAndThen(now);
      return windows.hitFailure(key, now, forgetAfterMs);
    },
    find: (key, now) => windows.find(key, now),
    remove: (key) => windows.remove(key),
    countLive: (prefix, now) => windows.countLive(prefix, now),
  };
}

/** True for the 503 a counter store that does not answer gives (see `answerUnavailableAs503`). */
export function isCountersUnavailable(error: unknown): boolean {
  return isAppError(error) && error.code === 'SERVICE_UNAVAILABLE';
}

/**
 * A store outside the database (Redis) that stops answering: every count fails with a 503 of its
 * own (SERVICE_UNAVAILABLE, with Retry-After), which the request answers before it writes anything,
 * instead of the generic 500. Each outcome is reported to the store's watch, which logs the outage
 * once when it begins and once when the store answers again (decision 0038).
 */
export function answerUnavailableAs503(store: SharedCounters, watch: DependencyWatch): SharedCounters {
  async function guard<T>(work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      watch.failed(error);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    watch.answered();
    return result;
  }
  return {
    hitWindow: (key, now, windowMs) => guard(() => store.hitWindow(key, now, windowMs)),
    hitFailure: (key, now, forgetAfterMs) => guard(() => store.hitFailure(key, now, forgetAfterMs)),
    find: (key, now) => guard(() => store.find(key, now)),
    remove: (key) => guard(() => store.remove(key)),
    countLive: (prefix, now) => guard(() => store.countLive(prefix, now)),
  };
}
