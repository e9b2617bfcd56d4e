/**
 * A fixed-window counter per key, in memory. Enough for one process; a deployment with several
 * app servers would move it to the database or Redis behind the same interface.
 */
export interface RateLimiter {
  /** Counts one attempt; false when the key has used up its window. */
  hit(key: string): boolean;
  reset(key: string): void;
}

export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      const w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        windows.set(key, { start: t, count: 1 });
        if (windows.size > 50_000) {
          // Forget expired windows so a flood of keys cannot grow the map without bound.
          for (const [k, v] of windows) if (t - v.start >= options.windowMs) windows.delete(k);
        }
        return true;
      }
      w.count++;
      return w.count <= options.limit;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
