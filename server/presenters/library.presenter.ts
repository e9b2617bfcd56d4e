import type { ChapterHeading } from '#common/contracts/book.schema.ts';
import type { BookDetail, DocumentChapter, OfflineBook } from '#common/contracts/library.schema.ts';
import { bookPath, chapterPath } from '#common/paths.ts';
import { chapterContentSha256 } from './book.presenter.ts';
import type { BookListRow, ChapterRow } from '#server/repositories/book.repository.ts';

/** A book's own page: credits, licence and table of contents; no ids, no status. */
export function presentBookDetail(row: BookListRow, toc: ChapterHeading[]): BookDetail {
  return {
    code: row.code,
    title: row.title,
    titleOriginal: row.title_original,
    titleSinoVietnamese: row.title_sino_vietnamese,
    author: row.author,
    translator: row.translator,
    compiler: row.compiler,
    description: row.description,
    category: row.category,
    coverImage: row.cover_image,
    language: row.language,
    license: {
      spdx: row.license_spdx,
      name: row.license_name,
      url: row.license_url,
      attribution: row.license_attribution,
      sourceUrl: row.source_url,
    },
    chapterCount: row.chapter_count,
    firstChapterCode: row.first_chapter_code,
    toc,
  };
}

export function presentDocumentChapter(row: ChapterRow): DocumentChapter {
  return {
    code: row.code,
    position: row.position,
    title: row.title,
    titleOriginal: row.title_original,
    section: row.section,
    bodyHtml: row.body_html,
    parallelHtml: row.parallel_html,
  };
}

/** What downloading a book for offline reading fetches: its page and each chapter's, with size and hash. */
export function presentOfflineBook(row: BookListRow, chapterRows: ChapterRow[]): OfflineBook {
  const chapters = chapterRows.map((c) => ({
    code: c.code,
    position: c.position,
    title: c.title,
    path: chapterPath(c.code, row.code),
    textBytes: Buffer.byteLength(c.body_html) + Buffer.byteLength(c.parallel_html ?? ''),
    contentSha256: chapterContentSha256(c),
  }));
  return {
    code: row.code,
    title: row.title,
    path: bookPath(row.code),
    chapterCount: chapters.length,
    textBytes: chapters.reduce((sum, c) => sum + c.textBytes, 0),
    chapters,
  };
}
