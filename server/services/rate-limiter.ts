/**
 * A fixed-window counter per key, in memory, for the limits still counted per process (account
 * recovery, the write budget). The login limits are shared through the database instead
 * (server/services/login-throttle.ts, decision 0029).
 *
 * Memory is bounded: at most `maxKeys` windows are kept (the least recently used goes first), and
 * expired windows are pruned as keys come in and, when `pruneEveryMs` is set, on a timer.
 */
export interface RateLimiter {
  /** Counts one attempt; false when the key has used up its window. */
  hit(key: string): boolean;
  /** True when the key has used up its window (counts nothing). */
  isLimited(key: string): boolean;
  reset(key: string): void;
  /** Forgets every expired window now. */
  prune(): void;
  /** How many windows are held (for tests and metrics). */
  size(): number;
  /** Stops the pruning timer. */
  close(): void;
}

export const DEFAULT_MAX_KEYS = 20_000;

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
  pruneEveryMs?: number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  // A Map iterates in insertion order: re-inserting a key on use keeps the least recently used first.
  const windows = new Map<string, { start: number; count: number }>();

  function prune() {
    const t = now();
    for (const [k, v] of windows) if (t - v.start >= options.windowMs) windows.delete(k);
  }

  function evictOverflow() {
    for (const k of windows.keys()) {
      if (windows.size <= maxKeys) break;
      windows.delete(k);
    }
  }

  const timer = options.pruneEveryMs ? setInterval(prune, options.pruneEveryMs) : null;
  timer?.unref();

  return {
    hit(key) {
      const t = now();
      const w = windows.get(key);
      windows.delete(key);
      if (!w || t - w.start >= options.windowMs) {
        windows.set(key, { start: t, count: 1 });
        evictOverflow();
        return true;
      }
      w.count++;
      windows.set(key, w);
      return w.count <= options.limit;
    },
    isLimited(key) {
      const w = windows.get(key);
      return Boolean(w && now() - w.start < options.windowMs && w.count >= options.limit);
    },
    reset(key) {
      windows.delete(key);
    },
    prune,
    size: () => windows.size,
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
