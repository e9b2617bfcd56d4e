import type { ChapterView } from '#common/contracts/book.schema.ts';
import { capitalizeFirst } from '#app/lib/format.ts';

/** A chapter's name as shown: its title, or "Chương N" when it has none. */
export function chapterLabel(chapter: Pick<ChapterView['chapter'], 'position' | 'title'>): string {
  return chapter.title ? capitalizeFirst(chapter.title) : `Chương ${chapter.position}`;
}
