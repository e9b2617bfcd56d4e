import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { BooksTable, ChaptersTable } from '#server/db/schema.ts';
import type { Insertable, Selectable } from 'kysely';
import { toCount } from './count.ts';

export type BookRow = Selectable<BooksTable>;
export type NewBook = Insertable<BooksTable>;
export type NewChapter = Omit<Insertable<ChaptersTable>, 'book_id'>;

/** A published book with what a list needs: its chapter count and where reading starts. */
export interface BookListRow extends BookRow {
  chapter_count: number;
  first_chapter_code: string | null;
}

export function createBookRepository(db: Executor) {
  const withListColumns = () =>
    db
      .selectFrom('books')
      .selectAll('books')
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
      ]);

  return {
    async insertWithChapters(book: NewBook, chapters: NewChapter[]): Promise<number> {
      const { id } = await db.insertInto('books').values(book).returning('id').executeTakeFirstOrThrow();
      if (chapters.length > 0) {
        await db
          .insertInto('chapters')
          .values(chapters.map((c) => ({ ...c, book_id: id })))
          .execute();
      }
      return id;
    },

    async listNewestPublished(limit: number): Promise<BookListRow[]> {
      const rows = await withListColumns()
        .where('books.status', '=', 'published')
        .orderBy('books.published_at', 'desc')
        .orderBy('books.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        ...r,
        chapter_count: toCount(r.chapter_count),
        first_chapter_code: r.first_chapter_code ?? null,
      }));
    },

    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('books')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
