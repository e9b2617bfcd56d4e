import crypto from 'node:crypto';
import type { ChapterHeading, ChapterView } from '#common/contracts/book.schema.ts';
import type { ChapterHeadingRow, PublishedChapterRow } from '#server/repositories/book.repository.ts';

export function presentChapterHeading(row: ChapterHeadingRow): ChapterHeading {
  return { code: row.code, position: row.position, title: row.title };
}

/**
 * The SHA-256 (hex) of a chapter's text as stored: its HTML and its parallel text. The chapter page
 * carries it and the offline manifest lists it, so a downloaded page can be checked against the
 * chapter it should hold (decision 0025).
 */
export function chapterContentSha256(row: { body_html: string; parallel_html: string | null }): string {
  return crypto
    .createHash('sha256')
    .update(row.body_html)
    .update('\u0000')
    .update(row.parallel_html ?? '')
    .digest('hex');
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
      contentSha256: chapterContentSha256(row),
    },
    toc,
    previous: neighbours.previous,
    next: neighbours.next,
  };
}
