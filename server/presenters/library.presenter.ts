import type { ChapterHeading } from '#common/contracts/book.schema.ts';
import type { BookDetail, DocumentChapter } from '#common/contracts/library.schema.ts';
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
