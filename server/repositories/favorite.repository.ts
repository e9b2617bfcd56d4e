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
    /** Adds the book; saving twice keeps the first date. */
    async add(userId: number, bookId: number, at: string): Promise<void> {
      await db
        .insertInto('favorite_books')
        .values({ user_id: userId, book_id: bookId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
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
    /** When the reader saved the book, or null when it is not on their list. */
    async savedAtOf(userId: number, bookId: number): Promise<string | null> {
      const row = await db
        .selectFrom('favorite_books')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return row?.created_at ?? null;
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
