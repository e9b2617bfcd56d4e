import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';

/**
 * Attempt counters every process shares (migration 0025). Each change is one statement, so two
 * processes counting the same key at once both count: the engine's upsert decides.
 */
export function createRateWindowRepository(db: Executor) {
  /** One more under `key`; a window past its end starts again at 1. */
  async function upsert(key: string, now: number, lifetimeMs: number, restartLast: boolean) {
    const expired = sql<boolean>`rate_windows.expires_at <= ${now}`;
    const row = await db
      .insertInto('rate_windows')
      .values({ key, count: 1, started_at: now, expires_at: now + lifetimeMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_windows.count + 1 END`,
          started_at: restartLast
            ? sql<number>`${now}`
            : sql<number>`CASE WHEN ${expired} THEN ${now} ELSE rate_windows.started_at END`,
          expires_at: restartLast
            ? sql<number>`${now + lifetimeMs}`
            : sql<number>`CASE WHEN ${expired} THEN ${now + lifetimeMs} ELSE rate_windows.expires_at END`,
        }),
      )
      .returning(['count', 'started_at', 'expires_at'])
      .executeTakeFirstOrThrow();
    // PostgreSQL hands bigint back as text.
    return { count: Number(row.count), startedAt: Number(row.started_at), expiresAt: Number(row.expires_at) };
  }

  return {
    /** Counts an attempt in a fixed window of `windowMs` that starts with its first attempt. */
    hitWindow(key: string, now: number, windowMs: number) {
      return upsert(key, now, windowMs, false);
    },
    /** Counts a failure; the count is forgotten `forgetAfterMs` after the last one. */
    hitFailure(key: string, now: number, forgetAfterMs: number) {
      return upsert(key, now, forgetAfterMs, true);
    },
    /** The live counter of `key`, or null. */
    async find(key: string, now: number): Promise<{ count: number; startedAt: number } | null> {
      const row = await db
        .selectFrom('rate_windows')
        .select(['count', 'started_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { count: Number(row.count), startedAt: Number(row.started_at) } : null;
    },
    async remove(key: string): Promise<void> {
      await db.deleteFrom('rate_windows').where('key', '=', key).execute();
    },
    /** Deletes every counter past its end; returns how many. */
    async removeExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('rate_windows').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Live counters whose key starts with `prefix` (tests, the flood bench). */
    async countLive(prefix: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('rate_windows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', 'like', `${prefix}%`)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type RateWindowRepository = ReturnType<typeof createRateWindowRepository>;
