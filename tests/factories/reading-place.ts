import type { HistoryEntry } from '#common/contracts/history.schema.ts';
import type { MadeBook } from './tables.ts';

/** Where a device says its reader was: the first paragraph of `book`'s chapter at `position` (1-based), at `readAt`. */
export function readingPlace(book: MadeBook, position: number, readAt: string): HistoryEntry {
  return {
    bookCode: book.code,
    bookTitle: book.title,
    chapterCode: book.chapters[position - 1]!.code,
    chapterTitle: null,
    chapterPosition: position,
    paragraph: 'p-1',
    readAt,
  };
}
