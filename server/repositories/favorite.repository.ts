import type { Executor } from '#server/db/database.ts';
import type { BookListRow } from './book.repository.ts';
import { toCount } from './count.ts';

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
    async has(userId: number, bookId: number): Promise<boolean> {
      const row = await db
        .selectFrom('favorite_books')
        .select('id')
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The saved published books, newest saved first, with what a book card shows. */
    async list(userId: number): Promise<(BookListRow & { saved_at: string })[]> {
      const rows = await db
        .selectFrom('favorite_books')
        .innerJoin('books', 'books.id', 'favorite_books.book_id')
        .selectAll('books')
        .select('favorite_books.created_at as saved_at')
        .select((eb) => [
          eb
            .selectFrom('chapters')
            .select(eb.fn.countAll().as('n'))
            .whereRef('chapters.book_id', '=', 'books.id')
            .as('chapter_count'),
          eb
            .selectFrom('chapters')
            .select('chapters.code')
            .whereRef('chapters.book_id', '=', 'books.id')
            .orderBy('chapters.position')
            .limit(1)
            .as('first_chapter_code'),
        ])
        .where('favorite_books.user_id', '=', userId)
        .where('books.status', '=', 'published')
        .orderBy('favorite_books.created_at', 'desc')
        .orderBy('favorite_books.id', 'desc')
        .execute();
      return rows.map((r) => ({
        ...r,
        chapter_count: toCount(r.chapter_count),
        first_chapter_code: r.first_chapter_code ?? null,
      }));
    },
  };
}
