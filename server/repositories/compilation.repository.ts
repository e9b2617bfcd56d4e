import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { CompilationItemsTable, CompilationsTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type CompilationRow = Selectable<CompilationsTable>;
export type CompilationItemRow = Selectable<CompilationItemsTable>;
export type NewCompilation = Insertable<CompilationsTable>;
export type NewCompilationItem = Insertable<CompilationItemsTable>;
export type CompilationItemType = CompilationItemsTable['item_type'];

/** What a compilation shows of an item it points at (only published items are found). */
export interface CompilationTarget {
  id: number;
  /** Book code, article or video slug; for a talk, its collection id (the page it opens in). */
  key: string;
  title: string;
  subtitle: string | null;
}

/** Compilations (tổng hợp) and their ordered items of any kind. */
export function createCompilationRepository(db: Executor) {
  return {
    async insert(compilation: NewCompilation): Promise<number> {
      const { id } = await db.insertInto('compilations').values(compilation).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async insertItem(item: NewCompilationItem): Promise<number> {
      const { id } = await db.insertInto('compilation_items').values(item).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** Every compilation in any state, in their order (the administration). */
    async listAll(): Promise<CompilationRow[]> {
      return db.selectFrom('compilations').selectAll().orderBy('position').orderBy('id').execute();
    },

    async findById(id: number): Promise<CompilationRow | undefined> {
      return db.selectFrom('compilations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async update(id: number, changes: Partial<NewCompilation>): Promise<void> {
      await db.updateTable('compilations').set(changes).where('id', '=', id).execute();
    },

    /** Replaces a compilation's items by these, in this order. */
    async replaceItems(id: number, items: Omit<NewCompilationItem, 'compilation_id' | 'position'>[]): Promise<void> {
      await db.deleteFrom('compilation_items').where('compilation_id', '=', id).execute();
      if (items.length > 0) {
        await db
          .insertInto('compilation_items')
          .values(items.map((item, i) => ({ ...item, compilation_id: id, position: i + 1 })))
          .execute();
      }
    },

    async delete(id: number): Promise<boolean> {
      await db.deleteFrom('compilation_items').where('compilation_id', '=', id).execute();
      const result = await db.deleteFrom('compilations').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async nextPosition(): Promise<number> {
      const row = await db
        .selectFrom('compilations')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    /** What an editor can pick for a compilation: every item of one kind, any state, by title. */
    async listChoices(type: CompilationItemType): Promise<{ id: number; title: string; status: string }[]> {
      const table =
        type === 'book' ? 'books' : type === 'talk' ? 'audio_talks' : type === 'article' ? 'articles' : 'videos';
      return db.selectFrom(table).select(['id', 'title', 'status']).orderBy('title').execute();
    },

    async findBySlug(slug: string): Promise<CompilationRow | undefined> {
      return db.selectFrom('compilations').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** One page of published compilations, in their order. */
    async listPublished(limit: number, offset: number): Promise<CompilationRow[]> {
      return db
        .selectFrom('compilations')
        .selectAll()
        .where('status', '=', 'published')
        .orderBy('position')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('compilations')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },

    async findPublished(id: number): Promise<CompilationRow | undefined> {
      return db
        .selectFrom('compilations')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'published')
        .executeTakeFirst();
    },

    /** The items of these compilations, each compilation's in its order. */
    async listItemsOf(compilationIds: number[]): Promise<CompilationItemRow[]> {
      if (compilationIds.length === 0) return [];
      return db
        .selectFrom('compilation_items')
        .selectAll()
        .where('compilation_id', 'in', compilationIds)
        .orderBy('compilation_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** The published items of one kind among these ids (talks: of a published collection). */
    async listPublishedTargets(type: CompilationItemType, ids: number[]): Promise<CompilationTarget[]> {
      if (ids.length === 0) return [];
      switch (type) {
        case 'book':
          return (
            await db
              .selectFrom('books')
              .select(['id', 'code', 'title', 'author'])
              .where('id', 'in', ids)
              .where('status', '=', 'published')
              .execute()
          ).map((r) => ({ id: r.id, key: r.code, title: r.title, subtitle: r.author }));
        case 'talk':
          return (
            await db
              .selectFrom('audio_talks')
              .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
              .select([
                'audio_talks.id',
                'audio_talks.collection_id',
                'audio_talks.title',
                'audio_talks.speaker',
                'audio_collections.title as collection_title',
              ])
              .where('audio_talks.id', 'in', ids)
              .where('audio_talks.status', '=', 'published')
              .where('audio_collections.status', '=', 'published')
              .execute()
          ).map((r) => ({
            id: r.id,
            key: String(r.collection_id),
            title: r.title,
            subtitle: [r.collection_title, r.speaker].filter(Boolean).join(' · ') || null,
          }));
        case 'article':
          return (
            await db
              .selectFrom('articles')
              .select(['id', 'slug', 'title', 'summary'])
              .where('id', 'in', ids)
              .where('status', '=', 'published')
              .execute()
          ).map((r) => ({ id: r.id, key: r.slug, title: r.title, subtitle: r.summary }));
        case 'video':
          return (
            await db
              .selectFrom('videos')
              .select(['id', 'slug', 'title', 'speaker'])
              .where('id', 'in', ids)
              .where('status', '=', 'published')
              .execute()
          ).map((r) => ({ id: r.id, key: r.slug, title: r.title, subtitle: r.speaker }));
      }
    },

    /** Ids of items of one kind by their public key (book code, talk/article/video slug), any state. */
    async findIdsByKeys(type: CompilationItemType, keys: string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows =
        type === 'book'
          ? await db.selectFrom('books').select(['id', 'code as key']).where('code', 'in', keys).execute()
          : await db
              .selectFrom(type === 'talk' ? 'audio_talks' : type === 'article' ? 'articles' : 'videos')
              .select(['id', 'slug as key'])
              .where('slug', 'in', keys)
              .execute();
      return new Map(rows.map((r) => [r.key, r.id]));
    },
  };
}
