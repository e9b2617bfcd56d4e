import type { ChapterHeading, ChapterView } from '#common/contracts/book.schema.ts';
import type { ChapterHeadingRow, PublishedChapterRow } from '#server/repositories/book.repository.ts';

export function presentChapterHeading(row: ChapterHeadingRow): ChapterHeading {
  return { code: row.code, position: row.position, title: row.title };
}

/** The chapter page: the row's fields the reader needs, and nothing else (no ids, no status). */
export function presentChapterView(
  row: PublishedChapterRow,
  toc: ChapterHeading[],
  neighbours: { previous: ChapterHeading | null; next: ChapterHeading | null },
): ChapterView {
  return {
    book: {
      code: row.book_code,
      title: row.book_title,
      titleOriginal: row.book_title_original,
      author: row.book_author,
      coverImage: row.book_cover_image,
      language: row.book_language,
      direction: row.book_text_direction,
      license: {
        spdx: row.license_spdx,
        name: row.license_name,
        url: row.license_url,
        attribution: row.license_attribution,
        sourceUrl: row.source_url,
      },
    },
    chapter: {
      code: row.code,
      position: row.position,
      title: row.title,
      titleOriginal: row.title_original,
      section: row.section,
      bodyHtml: row.body_html,
      parallelHtml: row.parallel_html,
    },
    toc,
    previous: neighbours.previous,
    next: neighbours.next,
  };
}
