import type { ChapterView } from '#common/contracts/book.schema.ts';
import { presentChapterHeading, presentChapterView } from '#server/presenters/book.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** Books read chapter by chapter. */
export function createBookService(deps: { repos: Repositories }) {
  const { repos } = deps;
  return {
    /** A chapter of a published book with its contents and neighbours; null when there is no such chapter. */
    async getChapter(chapterCode: string): Promise<ChapterView | null> {
      const row = await repos.books.findPublishedChapter(chapterCode);
      if (!row) return null;
      const toc = (await repos.books.listChapterHeadings(row.book_id)).map(presentChapterHeading);
      const index = toc.findIndex((c) => c.code === row.code);
      return presentChapterView(row, toc, {
        previous: index > 0 ? toc[index - 1]! : null,
        next: index >= 0 && index < toc.length - 1 ? toc[index + 1]! : null,
      });
    },
  };
}

export type BookService = ReturnType<typeof createBookService>;
