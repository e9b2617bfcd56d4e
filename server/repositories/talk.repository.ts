import { sql, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { AudioTalksTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type TalkListRow = Selectable<AudioTalksTable> & { collection_title: string };

/** Dharma talks (pháp âm) and their collections. */
export function createTalkRepository(db: Executor) {
  return {
    async listNewestPublished(limit: number): Promise<TalkListRow[]> {
      return db
        .selectFrom('audio_talks')
        .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
        .selectAll('audio_talks')
        .select('audio_collections.title as collection_title')
        .where('audio_talks.status', '=', 'published')
        .where('audio_collections.status', '=', 'published')
        .orderBy('audio_talks.created_at', 'desc')
        .orderBy('audio_talks.id', 'desc')
        .limit(limit)
        .execute();
    },

    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('audio_talks')
        .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('audio_talks.status', '=', 'published')
        .where('audio_collections.status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
