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
    async set(userId: number, code: string, positionMs: number, at: string): Promise<void> {
      await db
        .insertInto('playback_positions')
        .values({ user_id: userId, code, position_ms: positionMs, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doUpdateSet({ position_ms: positionMs, updated_at: at }))
        .execute();
    },
  };
}
