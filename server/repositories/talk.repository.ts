import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { AudioCollectionsTable, AudioTalksTable, ContentStatus } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type TalkListRow = Selectable<AudioTalksTable> & { collection_title: string };
export type TalkRow = Selectable<AudioTalksTable>;
export type CollectionRow = Selectable<AudioCollectionsTable>;
export type NewTalk = Insertable<AudioTalksTable>;
export type NewCollection = Insertable<AudioCollectionsTable>;
/** A collection as lists show it: with its number of published talks and their total length. */
export type CollectionListRow = CollectionRow & { talk_count: number; total_seconds: number };

/** Dharma talks (pháp âm) and their collections. */
export function createTalkRepository(db: Executor) {
  const publishedCollections = () =>
    db
      .selectFrom('audio_collections')
      .selectAll('audio_collections')
      .select((eb) => [
        eb
          .selectFrom('audio_talks')
          .select(eb.fn.countAll().as('n'))
          .whereRef('audio_talks.collection_id', '=', 'audio_collections.id')
          .where('audio_talks.status', '=', 'published')
          .as('talk_count'),
        eb
          .selectFrom('audio_talks')
          .select(sql<string | number>`sum(audio_talks.duration_seconds)`.as('s'))
          .whereRef('audio_talks.collection_id', '=', 'audio_collections.id')
          .where('audio_talks.status', '=', 'published')
          .as('total_seconds'),
      ])
      .where('audio_collections.status', '=', 'published');
  /** Talks joined to their collection. */
  const talksJoined = () =>
    db.selectFrom('audio_talks').innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id');
  /** Talks a reader may see: published, in a published collection. */
  const publishedJoined = () =>
    talksJoined().where('audio_talks.status', '=', 'published').where('audio_collections.status', '=', 'published');
  /** Talks with their collection's title. */
  const talksWithCollection = () =>
    talksJoined().selectAll('audio_talks').select('audio_collections.title as collection_title');
  const publishedTalks = () =>
    publishedJoined().selectAll('audio_talks').select('audio_collections.title as collection_title');
  const toCollectionRow = (
    row: CollectionRow & { talk_count: unknown; total_seconds: unknown },
  ): CollectionListRow => ({
    ...row,
    talk_count: toCount(row.talk_count as string | number | null),
    total_seconds: toCount(row.total_seconds as string | number | null),
  });

  return {
    async insertCollection(collection: NewCollection): Promise<number> {
      const { id } = await db
        .insertInto('audio_collections')
        .values(collection)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async findTalkIdBySlug(slug: string): Promise<number | undefined> {
      return (await db.selectFrom('audio_talks').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
    },

    async findCollectionBySlug(slug: string): Promise<CollectionRow | undefined> {
      return db.selectFrom('audio_collections').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** The next position at the end of the list (collections, or the talks of one collection). */
    async nextPosition(collectionId: number | null): Promise<number> {
      const row =
        collectionId === null
          ? await db
              .selectFrom('audio_collections')
              .select((eb) => eb.fn.max('position').as('max'))
              .executeTakeFirst()
          : await db
              .selectFrom('audio_talks')
              .select((eb) => eb.fn.max('position').as('max'))
              .where('collection_id', '=', collectionId)
              .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    async updateTalk(id: number, changes: Partial<NewTalk>): Promise<void> {
      await db.updateTable('audio_talks').set(changes).where('id', '=', id).execute();
    },

    async insertTalk(talk: NewTalk): Promise<number> {
      const { id } = await db.insertInto('audio_talks').values(talk).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** One page of published collections, in their order, with talk counts. */
    async listPublishedCollections(limit: number, offset: number): Promise<CollectionListRow[]> {
      const rows = await publishedCollections()
        .orderBy('audio_collections.position')
        .orderBy('audio_collections.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toCollectionRow);
    },

    async countPublishedCollections(): Promise<number> {
      const row = await db
        .selectFrom('audio_collections')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },

    async findPublishedCollection(id: number): Promise<CollectionListRow | undefined> {
      const row = await publishedCollections().where('audio_collections.id', '=', id).executeTakeFirst();
      return row ? toCollectionRow(row) : undefined;
    },

    /** The published talks of a collection, in their order. */
    async listPublishedTalksOf(collectionId: number): Promise<TalkRow[]> {
      return db
        .selectFrom('audio_talks')
        .selectAll()
        .where('collection_id', '=', collectionId)
        .where('status', '=', 'published')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async listNewestPublished(limit: number): Promise<TalkListRow[]> {
      return publishedTalks()
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
      let query = talksWithCollection()
        .where('audio_talks.status', 'in', filter.statuses)
        .where('audio_collections.status', 'in', filter.statuses);
      if (filter.recordedSince) query = query.where('audio_talks.recorded_on', '>=', filter.recordedSince);
      if (filter.maxSeconds !== undefined) query = query.where('audio_talks.duration_seconds', '<=', filter.maxSeconds);
      return query.orderBy('audio_talks.id').execute();
    },

    /** Every published talk (of a published collection): its id, collection and title only (suggestions). */
    async listPublishedTitles(): Promise<{ id: number; collection_id: number; title: string }[]> {
      return publishedJoined()
        .select(['audio_talks.id', 'audio_talks.collection_id', 'audio_talks.title'])
        .orderBy('audio_talks.id')
        .execute();
    },

    /** The published talks (of published collections) among these ids, in no particular order. */
    async listPublishedByIds(ids: number[]): Promise<TalkListRow[]> {
      if (ids.length === 0) return [];
      return publishedTalks().where('audio_talks.id', 'in', ids).execute();
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

    /** The published talk (of a published collection) whose audio is this file, or undefined. */
    async findPublishedByFileName(fileName: string): Promise<TalkRow | undefined> {
      return publishedJoined()
        .selectAll('audio_talks')
        .where('audio_talks.file_name', '=', fileName)
        .executeTakeFirst();
    },

    /** A published talk of a published collection, with the collection's title. */
    async findPublishedTalk(id: number): Promise<TalkListRow | undefined> {
      return publishedTalks().where('audio_talks.id', '=', id).executeTakeFirst();
    },

    async findTalkById(id: number): Promise<TalkListRow | undefined> {
      return talksWithCollection().where('audio_talks.id', '=', id).executeTakeFirst();
    },

    async findCollectionById(id: number): Promise<Selectable<AudioCollectionsTable> | undefined> {
      return db.selectFrom('audio_collections').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every collection in any state, in their order (the administration). */
    async listAllCollections(): Promise<CollectionRow[]> {
      return db.selectFrom('audio_collections').selectAll().orderBy('position').orderBy('id').execute();
    },

    /** The talks of these collections in any state, in their order (the administration). */
    async listTalksOfCollections(collectionIds: number[]): Promise<TalkRow[]> {
      if (collectionIds.length === 0) return [];
      return db
        .selectFrom('audio_talks')
        .selectAll()
        .where('collection_id', 'in', collectionIds)
        .orderBy('collection_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async updateCollection(id: number, changes: Partial<NewCollection>): Promise<void> {
      await db.updateTable('audio_collections').set(changes).where('id', '=', id).execute();
    },

    /** Numbers the collections 1, 2, … in the order of `ids`. */
    async setCollectionPositions(ids: number[], updatedAt: string): Promise<void> {
      for (const [i, id] of ids.entries()) {
        await db
          .updateTable('audio_collections')
          .set({ position: i + 1, updated_at: updatedAt })
          .where('id', '=', id)
          .execute();
      }
    },

    /** Numbers the talks of one collection 1, 2, … in the order of `ids`. */
    async setTalkPositions(collectionId: number, ids: number[], updatedAt: string): Promise<void> {
      for (const [i, id] of ids.entries()) {
        await db
          .updateTable('audio_talks')
          .set({ position: i + 1, updated_at: updatedAt })
          .where('id', '=', id)
          .where('collection_id', '=', collectionId)
          .execute();
      }
    },

    async deleteTalk(id: number): Promise<void> {
      await db.deleteFrom('audio_talks').where('id', '=', id).execute();
    },

    async listTalkIds(): Promise<number[]> {
      return (await db.selectFrom('audio_talks').select('id').orderBy('id').execute()).map((r) => r.id);
    },

    async listCollectionIds(): Promise<number[]> {
      return (await db.selectFrom('audio_collections').select('id').orderBy('id').execute()).map((r) => r.id);
    },

    async countPublished(): Promise<number> {
      const row = await publishedJoined()
        .select(sql<string | number>`count(*)`.as('n'))
        .executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
