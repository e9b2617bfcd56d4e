import type { Executor } from '#server/db/database.ts';

/** Books a reader saved to their reading list. */
export function createFavoriteRepository(db: Executor) {
  return {
    /** The id of a published book, by its code. */
    async publishedBookIdOf(code: string): Promise<number | null> {
      const row = await db
        .selectFrom('books')
        .select('id')
        .where('code', '=', code)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row?.id ?? null;
    },
    /**
     * Adds the book; saving twice keeps the first date (the list's order) and the later time of a
     * save (`updated_at`, which a taking-off made before it loses to).
     */
    async add(userId: number, bookId: number, at: string): Promise<void> {
      await db
        .insertInto('favorite_books')
        .values({ user_id: userId, book_id: bookId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
        .execute();
      await db
        .updateTable('favorite_books')
        .set({ updated_at: at })
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .where((eb) => eb.or([eb('updated_at', 'is', null), eb('updated_at', '<', at)]))
        .execute();
    },
    async remove(userId: number, bookId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('favorite_books')
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** When the reader last saved the book, or null when it is not on their list. */
    async savedAtOf(userId: number, bookId: number): Promise<string | null> {
      const row = await db
        .selectFrom('favorite_books')
        .select(['created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return row ? (row.updated_at ?? row.created_at) : null;
    },
    async has(userId: number, bookId: number): Promise<boolean> {
      const row = await db
        .selectFrom('favorite_books')
        .select('id')
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The reader's saved books (ids), newest saved first. */
    async list(userId: number): Promise<{ book_id: number; saved_at: string }[]> {
      return db
        .selectFrom('favorite_books')
        .select(['book_id', 'created_at as saved_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}
