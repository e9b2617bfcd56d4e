import type { Executor } from '#server/db/database.ts';

/** Where each logged-in reader stopped listening, per code. */
export function createPlaybackRepository(db: Executor) {
  return {
    async list(userId: number): Promise<{ code: string; position_ms: number }[]> {
      return db
        .selectFrom('playback_positions')
        .select(['code', 'position_ms'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
    /** The reader's most recently updated entry whose code starts with `prefix` (e.g. "talk-"), if any. */
    async findLatest(userId: number, prefix: string): Promise<{ code: string; position_ms: number } | undefined> {
      return db
        .selectFrom('playback_positions')
        .select(['code', 'position_ms'])
        .where('user_id', '=', userId)
        .where('code', 'like', `${prefix}%`)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    async updatedAtOf(userId: number, code: string): Promise<string | null> {
      const row = await db
        .selectFrom('playback_positions')
        .select('updated_at')
        .where('user_id', '=', userId)
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.updated_at ?? null;
    },
    async set(userId: number, code: string, positionMs: number, at: string): Promise<void> {
      await db
        .insertInto('playback_positions')
        .values({ user_id: userId, code, position_ms: positionMs, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doUpdateSet({ position_ms: positionMs, updated_at: at }))
        .execute();
    },
  };
}
