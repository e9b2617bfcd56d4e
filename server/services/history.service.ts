import { OFFLINE_WRITE_MAX_AGE_DAYS } from '#common/constants.ts';
import type { HistoryEntry } from '#common/contracts/history.schema.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { HistoryRow } from '#server/repositories/history.repository.ts';

function present(row: HistoryRow): HistoryEntry {
  return {
    bookCode: row.book_code,
    bookTitle: row.book_title,
    chapterCode: row.chapter_code,
    chapterTitle: row.chapter_title,
    chapterPosition: row.chapter_position,
    paragraph: row.paragraph,
    readAt: row.read_at,
  };
}

/**
 * Reading history of logged-in readers (anonymous readers keep theirs on the device; it is merged
 * in at login). One entry per book: the chapter and place last read.
 */
export function createHistoryService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  return {
    async record(userId: number, chapterCode: string, paragraph: string | null = null): Promise<void> {
      const chapter = await repos.books.findPublishedChapter(chapterCode);
      if (!chapter) return;
      await repos.history.upsert({
        userId,
        bookId: chapter.book_id,
        chapterId: chapter.id,
        paragraph,
        readAt: (deps.now?.() ?? new Date()).toISOString(),
      });
    },

    async list(userId: number): Promise<HistoryEntry[]> {
      return (await repos.history.list(userId)).map(present);
    },

    /** Where the reader was last, in any book (the home page's "Đọc tiếp"), or null. */
    async lastRead(userId: number): Promise<HistoryEntry | null> {
      const [last] = await repos.history.list(userId, 1);
      return last ? present(last) : null;
    },

    /**
     * A place read at `entry.readAt` (before login, or offline: decision 0039) joins the account's
     * history unless the account has a later one for the book, or cleared its history since, or it
     * is older than OFFLINE_WRITE_MAX_AGE_DAYS; false then.
     */
    async recordAsOf(userId: number, entry: HistoryEntry): Promise<{ applied: boolean }> {
      const chapter = await repos.books.findPublishedChapter(entry.chapterCode);
      if (!chapter || chapter.book_code !== entry.bookCode) return { applied: false };
      const known = await repos.history.readAtOf(userId, chapter.book_id);
      // A tie (the same millisecond) goes to the offline write, as for notes: replayed, it sets the same.
      if (known && Date.parse(known) > Date.parse(entry.readAt)) return { applied: false };
      // Read before the reader cleared their history (on any device): it stays cleared (decision 0049).
      const cleared = await repos.removals.find(userId, 'history', { itemId: 0 });
      if (cleared && Date.parse(cleared.removed_at) > Date.parse(entry.readAt)) return { applied: false };
      const now = deps.now?.() ?? new Date();
      // Read longer ago than a clearing is kept (removal-retention.ts), it may predate a forgotten one.
      if (Date.parse(entry.readAt) < now.getTime() - OFFLINE_WRITE_MAX_AGE_DAYS * 86_400_000) return { applied: false };
      // A device clock running ahead must not hold the place forever.
      const readAt = Date.parse(entry.readAt) > now.getTime() ? now.toISOString() : entry.readAt;
      await repos.history.upsert({
        userId,
        bookId: chapter.book_id,
        chapterId: chapter.id,
        paragraph: entry.paragraph,
        readAt,
      });
      return { applied: true };
    },

    /** Device entries join the account's history; for each book the most recent reading wins. */
    async merge(userId: number, entries: HistoryEntry[]): Promise<void> {
      for (const entry of entries) await this.recordAsOf(userId, entry);
    },

    async clear(userId: number): Promise<void> {
      await repos.history.clear(userId);
      const at = (deps.now?.() ?? new Date()).toISOString();
      await repos.removals.record({ user_id: userId, kind: 'history', item_id: 0, removed_at: at });
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
