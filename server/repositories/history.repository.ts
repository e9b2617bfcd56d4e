import type { Executor } from '#server/db/database.ts';

export interface HistoryRow {
  book_code: string;
  book_title: string;
  chapter_code: string;
  chapter_title: string | null;
  chapter_position: number;
  paragraph: string | null;
  read_at: string;
}

/** Reading history: one row per reader and book, the latest place wins. */
export function createHistoryRepository(db: Executor) {
  return {
    async upsert(entry: {
      userId: number;
      bookId: number;
      chapterId: number;
      paragraph: string | null;
      readAt: string;
    }) {
      await db
        .insertInto('reading_history')
        .values({
          user_id: entry.userId,
          book_id: entry.bookId,
          chapter_id: entry.chapterId,
          paragraph: entry.paragraph,
          read_at: entry.readAt,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'book_id']).doUpdateSet({
            chapter_id: entry.chapterId,
            paragraph: entry.paragraph,
            read_at: entry.readAt,
          }),
        )
        .execute();
    },
    async readAtOf(userId: number, bookId: number): Promise<string | null> {
      const row = await db
        .selectFrom('reading_history')
        .select('read_at')
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      return row?.read_at ?? null;
    },
    async list(userId: number, limit = 200): Promise<HistoryRow[]> {
      return db
        .selectFrom('reading_history')
        .innerJoin('books', 'books.id', 'reading_history.book_id')
        .innerJoin('chapters', 'chapters.id', 'reading_history.chapter_id')
        .select([
          'books.code as book_code',
          'books.title as book_title',
          'chapters.code as chapter_code',
          'chapters.title as chapter_title',
          'chapters.position as chapter_position',
          'reading_history.paragraph',
          'reading_history.read_at',
        ])
        .where('reading_history.user_id', '=', userId)
        .where('books.status', '=', 'published')
        .orderBy('reading_history.read_at', 'desc')
        .limit(limit)
        .execute();
    },
    async clear(userId: number): Promise<void> {
      await db.deleteFrom('reading_history').where('user_id', '=', userId).execute();
    },
  };
}
