import type {
  AdminBook,
  AdminBookSummary,
  AdminChapter,
  AdminChapterHeading,
} from '#common/contracts/book-admin.schema.ts';
import { sanitizeArticleHtml } from '#server/lib/sanitize-html.ts';
import type { AdminChapterHeadingRow, AdminChapterRow, BookListRow } from '#server/repositories/book.repository.ts';

export function presentAdminBookSummary(row: BookListRow): AdminBookSummary {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    author: row.author,
    status: row.status,
    coverImage: row.cover_image,
    chapterCount: row.chapter_count,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

export function presentAdminChapterHeading(row: AdminChapterHeadingRow): AdminChapterHeading {
  return { id: row.id, code: row.code, position: row.position, title: row.title, updatedAt: row.updated_at };
}

export function presentAdminBook(row: BookListRow, chapters: AdminChapterHeadingRow[]): AdminBook {
  return {
    ...presentAdminBookSummary(row),
    translator: row.translator,
    description: row.description,
    category: row.category,
    licenseSpdx: row.license_spdx,
    licenseName: row.license_name,
    licenseUrl: row.license_url,
    licenseAttribution: row.license_attribution,
    sourceUrl: row.source_url,
    createdAt: row.created_at,
    chapters: chapters.map(presentAdminChapterHeading),
  };
}

/** The editor's chapter; the HTML passes the sanitiser again (rows written by another path come back inert). */
export function presentAdminChapter(row: AdminChapterRow): AdminChapter {
  const html = sanitizeArticleHtml(row.body_html);
  return {
    ...presentAdminChapterHeading(row),
    bookId: row.book_id,
    markdown: row.body_markdown ?? row.body_html,
    html,
  };
}
