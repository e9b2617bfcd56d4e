import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { SearchCollectionsTable } from '#server/db/schema.ts';

export type SearchCollectionRow = Selectable<SearchCollectionsTable>;
export type NewSearchCollection = Insertable<SearchCollectionsTable>;
export type SearchCollectionChanges = Omit<Updateable<SearchCollectionsTable>, 'id' | 'user_id' | 'created_at'>;

/** A reader's saved searches. Every query is scoped by the owner. */
export function createSearchCollectionRepository(db: Executor) {
  return {
    /** The reader's saved searches, newest first. */
    async listOf(userId: number): Promise<SearchCollectionRow[]> {
      return db
        .selectFrom('search_collections')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('search_collections')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async findOwned(userId: number, id: number): Promise<SearchCollectionRow | undefined> {
      return db
        .selectFrom('search_collections')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async insert(row: NewSearchCollection): Promise<SearchCollectionRow> {
      return db.insertInto('search_collections').values(row).returningAll().executeTakeFirstOrThrow();
    },
    async updateOwned(
      userId: number,
      id: number,
      changes: SearchCollectionChanges,
    ): Promise<SearchCollectionRow | undefined> {
      return db
        .updateTable('search_collections')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
    async removeOwned(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('search_collections')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
