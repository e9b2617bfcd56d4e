import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { BooksTable, ChaptersTable, ContentStatus, TextDirection } from '#server/db/schema.ts';
import type { Insertable, Selectable } from 'kysely';
import { toCount } from './count.ts';

export type BookRow = Selectable<BooksTable>;
export type NewBook = Insertable<BooksTable>;
export type NewChapter = Omit<Insertable<ChaptersTable>, 'book_id'>;

/** A chapter of a published book, with the book fields its page shows (title, credits, licence). */
export interface PublishedChapterRow {
  id: number;
  book_id: number;
  code: string;
  position: number;
  title: string | null;
  title_original: string | null;
  section: string | null;
  body_html: string;
  parallel_html: string | null;
  book_code: string;
  book_title: string;
  book_title_original: string | null;
  book_author: string | null;
  book_compiler: string | null;
  book_cover_image: string | null;
  book_language: string | null;
  book_text_direction: TextDirection | null;
  license_spdx: string;
  license_name: string;
  license_url: string;
  license_attribution: string | null;
  source_url: string | null;
}

/** One line of a book's table of contents. */
export type ChapterHeadingRow = Pick<Selectable<ChaptersTable>, 'code' | 'position' | 'title'>;

/** A published book with what a list needs: its chapter count and where reading starts. */
export interface BookListRow extends BookRow {
  chapter_count: number;
  first_chapter_code: string | null;
}

/** A chapter as the administration edits it. */
export type AdminChapterRow = Selectable<ChaptersTable>;

/** One line of a book's chapter list in the administration. */
export type AdminChapterHeadingRow = Pick<
  Selectable<ChaptersTable>,
  'id' | 'code' | 'position' | 'title' | 'updated_at'
>;

/** A chapter with its text, for the whole-document call. */
export type ChapterRow = Pick<
  Selectable<ChaptersTable>,
  'code' | 'position' | 'title' | 'title_original' | 'section' | 'body_html' | 'parallel_html'
>;

function toListRow<T extends BookRow & { chapter_count: unknown; first_chapter_code: unknown }>(row: T): BookListRow {
  return {
    ...row,
    chapter_count: toCount(row.chapter_count as string | number | null),
    first_chapter_code: (row.first_chapter_code as string | null | undefined) ?? null,
  };
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

    /** Replaces a book's metadata and all its chapters (an import of a changed file). */
    async replaceWithChapters(bookId: number, book: Partial<NewBook>, chapters: NewChapter[]): Promise<void> {
      await db.updateTable('books').set(book).where('id', '=', bookId).execute();
      await db.deleteFrom('chapters').where('book_id', '=', bookId).execute();
      if (chapters.length > 0) {
        await db
          .insertInto('chapters')
          .values(chapters.map((c) => ({ ...c, book_id: bookId })))
          .execute();
      }
    },

    /** Every published book's code and title only (the search box's suggestions). */
    async listPublishedTitles(): Promise<{ code: string; title: string }[]> {
      return db.selectFrom('books').select(['code', 'title']).where('status', '=', 'published').orderBy('id').execute();
    },

    async listNewestPublished(limit: number): Promise<BookListRow[]> {
      const rows = await withListColumns()
        .where('books.status', '=', 'published')
        .orderBy('books.published_at', 'desc')
        .orderBy('books.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toListRow);
    },

    /** The chapter with this code, with its book — or undefined when unknown or the book is not published. */
    async findPublishedChapter(code: string): Promise<PublishedChapterRow | undefined> {
      return db
        .selectFrom('chapters')
        .innerJoin('books', 'books.id', 'chapters.book_id')
        .select([
          'chapters.id',
          'chapters.book_id',
          'chapters.code',
          'chapters.position',
          'chapters.title',
          'chapters.title_original',
          'chapters.section',
          'chapters.body_html',
          'chapters.parallel_html',
          'books.code as book_code',
          'books.title as book_title',
          'books.title_original as book_title_original',
          'books.author as book_author',
          'books.compiler as book_compiler',
          'books.cover_image as book_cover_image',
          'books.language as book_language',
          'books.text_direction as book_text_direction',
          'books.license_spdx',
          'books.license_name',
          'books.license_url',
          'books.license_attribution',
          'books.source_url',
        ])
        .where('chapters.code', '=', code)
        .where('books.status', '=', 'published')
        .executeTakeFirst();
    },

    /** Every chapter of a book in reading order: the table of contents. */
    async listChapterHeadings(bookId: number): Promise<ChapterHeadingRow[]> {
      return db
        .selectFrom('chapters')
        .select(['code', 'position', 'title'])
        .where('book_id', '=', bookId)
        .orderBy('position')
        .execute();
    },

    /** The published books among these ids, as book cards show them (in no particular order). */
    async listPublishedByIds(ids: number[]): Promise<BookListRow[]> {
      if (ids.length === 0) return [];
      const rows = await withListColumns()
        .where('books.id', 'in', ids)
        .where('books.status', '=', 'published')
        .execute();
      return rows.map(toListRow);
    },

    /** The book with this code and one of these states (its chapter count and first chapter), or undefined. */
    async findByCode(code: string, statuses: ContentStatus[] = ['published']): Promise<BookListRow | undefined> {
      const row = await withListColumns()
        .where('books.code', '=', code)
        .where('books.status', 'in', statuses)
        .executeTakeFirst();
      return row ? toListRow(row) : undefined;
    },

    /** The book an import made from a file with this identifier (any state), or undefined. */
    async findBySourceIdentifier(identifier: string): Promise<BookRow | undefined> {
      return db.selectFrom('books').selectAll().where('source_identifier', '=', identifier).executeTakeFirst();
    },

    /** True when a book has this code, or a chapter has a code its chapters would take (`{code}-1` … `{code}-N`). */
    async isCodeInUse(code: string, chapterCount: number): Promise<boolean> {
      const book = await db.selectFrom('books').select('id').where('code', '=', code).executeTakeFirst();
      if (book) return true;
      const codes = Array.from({ length: Math.max(1, chapterCount) }, (_, i) => `${code}-${i + 1}`);
      const chapter = await db.selectFrom('chapters').select('id').where('code', 'in', codes).executeTakeFirst();
      return !!chapter;
    },

    /** The book with this id in any state (for the search index), or undefined. */
    async findById(id: number): Promise<BookRow | undefined> {
      return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateCover(bookId: number, coverImage: string, at: string): Promise<void> {
      await db.updateTable('books').set({ cover_image: coverImage, updated_at: at }).where('id', '=', bookId).execute();
    },

    /** Every book in one of these states, published on or after `publishedSince` (YYYY-MM-DD) when given. */
    async listForLibrary(filter: { statuses: ContentStatus[]; publishedSince?: string }): Promise<BookListRow[]> {
      let query = withListColumns().where('books.status', 'in', filter.statuses);
      if (filter.publishedSince) query = query.where('books.published_at', '>=', filter.publishedSince);
      const rows = await query.orderBy('books.id').execute();
      return rows.map(toListRow);
    },

    /** Every chapter of a book with its text, in reading order. */
    async listChapters(bookId: number): Promise<ChapterRow[]> {
      return db
        .selectFrom('chapters')
        .select(['code', 'position', 'title', 'title_original', 'section', 'body_html', 'parallel_html'])
        .where('book_id', '=', bookId)
        .orderBy('position')
        .execute();
    },

    /** The tables of contents of several books at once, in reading order. */
    async listChapterHeadingsOfBooks(bookIds: number[]): Promise<(ChapterHeadingRow & { book_id: number })[]> {
      if (bookIds.length === 0) return [];
      return db
        .selectFrom('chapters')
        .select(['book_id', 'code', 'position', 'title'])
        .where('book_id', 'in', bookIds)
        .orderBy('book_id')
        .orderBy('position')
        .execute();
    },

    /** The code of the chapter at this position of a book, or undefined. */
    async findChapterCodeAt(bookId: number, position: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('chapters')
        .select('code')
        .where('book_id', '=', bookId)
        .where('position', '=', position)
        .executeTakeFirst();
      return row?.code;
    },

    // ---- The administration's writes (book-admin.service.ts runs them in one transaction). ----

    /** Every book in any state (or one state), most recently changed first, with its chapter count. */
    async listForAdmin(filter: { status?: ContentStatus; limit: number; offset: number }): Promise<{
      rows: BookListRow[];
      total: number;
    }> {
      let query = withListColumns();
      let count = db.selectFrom('books').select(sql<string | number>`count(*)`.as('n'));
      if (filter.status) {
        query = query.where('books.status', '=', filter.status);
        count = count.where('status', '=', filter.status);
      }
      const rows = await query
        .orderBy('books.updated_at', 'desc')
        .orderBy('books.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return { rows: rows.map(toListRow), total: toCount((await count.executeTakeFirst())?.n) };
    },

    /** The book with this id in any state, with its chapter count and first chapter. */
    async findListRowById(id: number): Promise<BookListRow | undefined> {
      const row = await withListColumns().where('books.id', '=', id).executeTakeFirst();
      return row ? toListRow(row) : undefined;
    },

    /** Ids and states of the books with these codes (the admin search answers codes). */
    async listIdsByCodes(codes: string[]): Promise<{ id: number; code: string; status: ContentStatus }[]> {
      if (codes.length === 0) return [];
      return db.selectFrom('books').select(['id', 'code', 'status']).where('code', 'in', codes).execute();
    },

    async codeExists(code: string): Promise<boolean> {
      return !!(await db.selectFrom('books').select('id').where('code', '=', code).executeTakeFirst());
    },

    async chapterCodeExists(code: string): Promise<boolean> {
      return !!(await db.selectFrom('chapters').select('id').where('code', '=', code).executeTakeFirst());
    },

    async updateBook(bookId: number, patch: Partial<NewBook>): Promise<void> {
      await db.updateTable('books').set(patch).where('id', '=', bookId).execute();
    },

    /**
     * Deletes a book: its chapters, notes, favourites and reading history go by the foreign keys'
     * cascade; compilation items and the import record point at it without one, so they go here.
     */
    async deleteBook(bookId: number): Promise<void> {
      await db.deleteFrom('compilation_items').where('item_type', '=', 'book').where('item_id', '=', bookId).execute();
      await db.deleteFrom('import_records').where('kind', '=', 'book').where('item_id', '=', bookId).execute();
      await db.deleteFrom('chapters').where('book_id', '=', bookId).execute();
      await db.deleteFrom('books').where('id', '=', bookId).execute();
    },

    /** A book's chapters in reading order, as the administration lists them (no text). */
    async listAdminChapters(bookId: number): Promise<AdminChapterHeadingRow[]> {
      return db
        .selectFrom('chapters')
        .select(['id', 'code', 'position', 'title', 'updated_at'])
        .where('book_id', '=', bookId)
        .orderBy('position')
        .execute();
    },

    async findChapterById(id: number): Promise<AdminChapterRow | undefined> {
      return db.selectFrom('chapters').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async countChapters(bookId: number): Promise<number> {
      const row = await db
        .selectFrom('chapters')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return toCount(row?.n);
    },

    async insertChapter(bookId: number, chapter: NewChapter): Promise<number> {
      const { id } = await db
        .insertInto('chapters')
        .values({ ...chapter, book_id: bookId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateChapter(
      chapterId: number,
      patch: Partial<Pick<NewChapter, 'title' | 'body_html' | 'body_markdown' | 'updated_at'>>,
    ): Promise<void> {
      await db.updateTable('chapters').set(patch).where('id', '=', chapterId).execute();
    },

    async deleteChapter(chapterId: number): Promise<void> {
      await db.deleteFrom('chapters').where('id', '=', chapterId).execute();
    },

    /**
     * Gives a book's chapters the positions 1..n in the order of `ids` (every chapter of the book).
     * Positions are unique per book, so they first move out of the way (negative), then into place.
     */
    async setChapterOrder(bookId: number, ids: number[], at: string): Promise<void> {
      for (const [i, id] of ids.entries()) {
        await db
          .updateTable('chapters')
          .set({ position: -(i + 1) })
          .where('id', '=', id)
          .where('book_id', '=', bookId)
          .execute();
      }
      for (const [i, id] of ids.entries()) {
        await db
          .updateTable('chapters')
          .set({ position: i + 1, updated_at: at })
          .where('id', '=', id)
          .where('book_id', '=', bookId)
          .execute();
      }
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
