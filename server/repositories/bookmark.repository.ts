import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { TalkBookmarksTable } from '#server/db/schema.ts';

export type BookmarkRow = Selectable<TalkBookmarksTable>;

/** Readers' bookmarks in talks. Every query is scoped by the owner. */
export function createBookmarkRepository(db: Executor) {
  return {
    async listOf(userId: number, talkId: number): Promise<BookmarkRow[]> {
      return db
        .selectFrom('talk_bookmarks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('talk_id', '=', talkId)
        .orderBy('time_ms')
        .orderBy('id')
        .execute();
    },
    async countOf(userId: number, talkId: number): Promise<number> {
      const row = await db
        .selectFrom('talk_bookmarks')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('talk_id', '=', talkId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async findOwned(userId: number, id: number): Promise<BookmarkRow | undefined> {
      return db
        .selectFrom('talk_bookmarks')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** The bookmark a browser added offline under `clientId` (migration 0030), if it was sent already. */
    async findOwnedByClientId(userId: number, clientId: string): Promise<BookmarkRow | undefined> {
      return db
        .selectFrom('talk_bookmarks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },
    async insert(row: Insertable<TalkBookmarksTable>): Promise<BookmarkRow> {
      return db.insertInto('talk_bookmarks').values(row).returningAll().executeTakeFirstOrThrow();
    },
    async updateOwned(
      userId: number,
      id: number,
      changes: Omit<Updateable<TalkBookmarksTable>, 'id' | 'user_id' | 'talk_id'>,
    ): Promise<BookmarkRow | undefined> {
      return db
        .updateTable('talk_bookmarks')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
    async removeOwned(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('talk_bookmarks')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
