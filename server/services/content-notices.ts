/**
 * A word between processes that the content or the search index just changed (decision 0038).
 * With REDIS_URL it travels on a Redis channel (server/shared/redis-notices.ts): the other
 * processes drop their in-memory search caches at once instead of holding them, stale and unused,
 * until they expire. Correctness never waits for it: every cached answer and page is still checked
 * against the generations read from the database (decisions 0017, 0029), so a notice lost or late
 * only costs memory.
 */
export interface ContentNotices {
  /** Tells the other processes (never this one). */
  announce(): void;
  /** Calls `listener` whenever another process announces. */
  listen(listener: () => void): void;
  /** Resolves once this process hears the others. */
  ready(): Promise<void>;
}
