import { sql, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { AudioCollectionsTable, AudioTalksTable, ContentStatus } from '#server/db/schema.ts';
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

    /**
     * Talks in one of these states (their collection too), recorded on or after `recordedSince`
     * (YYYY-MM-DD) and at most `maxSeconds` long when given.
     */
    async listForLibrary(filter: {
      statuses: ContentStatus[];
      recordedSince?: string;
      maxSeconds?: number;
    }): Promise<TalkListRow[]> {
      let query = db
        .selectFrom('audio_talks')
        .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
        .selectAll('audio_talks')
        .select('audio_collections.title as collection_title')
        .where('audio_talks.status', 'in', filter.statuses)
        .where('audio_collections.status', 'in', filter.statuses);
      if (filter.recordedSince) query = query.where('audio_talks.recorded_on', '>=', filter.recordedSince);
      if (filter.maxSeconds !== undefined) query = query.where('audio_talks.duration_seconds', '<=', filter.maxSeconds);
      return query.orderBy('audio_talks.id').execute();
    },

    /** The published talks (of published collections) among these ids, in no particular order. */
    async listPublishedByIds(ids: number[]): Promise<TalkListRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('audio_talks')
        .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
        .selectAll('audio_talks')
        .select('audio_collections.title as collection_title')
        .where('audio_talks.id', 'in', ids)
        .where('audio_talks.status', '=', 'published')
        .where('audio_collections.status', '=', 'published')
        .execute();
    },

    async listPublishedCollectionsByIds(ids: number[]): Promise<Selectable<AudioCollectionsTable>[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('audio_collections')
        .selectAll()
        .where('id', 'in', ids)
        .where('status', '=', 'published')
        .execute();
    },

    async findTalkById(id: number): Promise<TalkListRow | undefined> {
      return db
        .selectFrom('audio_talks')
        .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
        .selectAll('audio_talks')
        .select('audio_collections.title as collection_title')
        .where('audio_talks.id', '=', id)
        .executeTakeFirst();
    },

    async findCollectionById(id: number): Promise<Selectable<AudioCollectionsTable> | undefined> {
      return db.selectFrom('audio_collections').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listTalkIds(): Promise<number[]> {
      return (await db.selectFrom('audio_talks').select('id').orderBy('id').execute()).map((r) => r.id);
    },

    async listCollectionIds(): Promise<number[]> {
      return (await db.selectFrom('audio_collections').select('id').orderBy('id').execute()).map((r) => r.id);
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
