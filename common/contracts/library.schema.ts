import { z } from 'zod';
import { zLine } from './text.schema.ts';
import { AUDIO_LIBRARY_PAGE_SIZE, BOOK_LIBRARY_PAGE_SIZE, LIBRARY_KINDS, MAX_PAGE_SIZE } from '../constants.ts';
import { ZChapterHeadingSchema } from './book.schema.ts';
import { ZBookSummarySchema, ZLicenseSchema, ZTalkSummarySchema } from './content.schema.ts';
import { pageOf } from './envelope.schema.ts';

/** The library (/thu-vien), the book pages (/sach, /sach/{code}) and their API calls. */

export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** The page size a kind of the library shows when the caller names none. */
export function defaultLibraryPageSize(kind: LibraryKind): number {
  return kind === 'phap-am' ? AUDIO_LIBRARY_PAGE_SIZE : BOOK_LIBRARY_PAGE_SIZE;
}

/** A published book as its own page shows it: credits, licence, and where reading starts. */
export const ZBookDetailSchema = z.object({
  code: z.string(),
  title: z.string(),
  titleOriginal: z.string().nullable(),
  titleSinoVietnamese: z.string().nullable(),
  author: z.string().nullable(),
  translator: z.string().nullable(),
  compiler: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** The language of the book's text (BCP 47) when its file states one; Vietnamese otherwise. */
  language: z.string().nullable(),
  license: ZLicenseSchema,
  chapterCount: z.number().int().nonnegative(),
  firstChapterCode: z.string().nullable(),
  /** The table of contents, in reading order. */
  toc: z.array(ZChapterHeadingSchema),
});
export type BookDetail = z.infer<typeof ZBookDetailSchema>;

/** One chapter with its text, as the whole-document call carries it. */
export const ZDocumentChapterSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  title: z.string().nullable(),
  titleOriginal: z.string().nullable(),
  section: z.string().nullable(),
  /** Sanitised HTML: `<p id="p-N">` paragraphs, and what imported books keep (ruby, figures, MathML, language runs). */
  bodyHtml: z.string(),
  /** The Classical Chinese, one `<p lang="zh-Hant">` per paragraph of bodyHtml; null when there is none. */
  parallelHtml: z.string().nullable(),
});
export type DocumentChapter = z.infer<typeof ZDocumentChapterSchema>;

/** The whole book: everything of ZBookDetailSchema and every chapter with its text, in order. */
export const ZBookDocumentSchema = ZBookDetailSchema.extend({ chapters: z.array(ZDocumentChapterSchema) });
export type BookDocument = z.infer<typeof ZBookDocumentSchema>;

/** One chapter of a book to download for offline reading: its page and what it should hold. */
export const ZOfflineChapterSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  title: z.string().nullable(),
  /** The chapter page's address. */
  path: z.string(),
  /** Bytes of its stored text (UTF-8): the page around it adds the frame. */
  textBytes: z.number().int(),
  /** SHA-256 (hex) of the stored text, as the chapter page states it (`data-content-sha256`). */
  contentSha256: z.string(),
});
/** What "Tải để đọc ngoại tuyến" downloads: the book page and every chapter page (decision 0025). */
export const ZOfflineBookSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** The book page's address. */
  path: z.string(),
  chapterCount: z.number().int(),
  /** The sum of the chapters' textBytes. */
  textBytes: z.number().int(),
  chapters: z.array(ZOfflineChapterSchema),
});
export type OfflineBook = z.infer<typeof ZOfflineBookSchema>;
export const ZOfflineBookResponseSchema = z.object({ data: ZOfflineBookSchema });

export const ZBookDetailResponseSchema = z.object({ data: ZBookDetailSchema });
export const ZBookDocumentResponseSchema = z.object({ data: ZBookDocumentSchema });
export const ZBookCatalogueResponseSchema = z.object({ data: z.array(ZBookDetailSchema) });

const CONTENT_STATUSES = ['published', 'draft', 'pending'] as const;

/** A book in the library's results; `status` is only given to moderators (the admin search). */
export const ZLibraryBookItemSchema = ZBookSummarySchema.extend({
  kind: z.literal('book'),
  status: z.enum(CONTENT_STATUSES).optional(),
});
/** A dharma talk (pháp âm) in the library's results. */
export const ZLibraryTalkItemSchema = ZTalkSummarySchema.extend({
  kind: z.literal('phap-am'),
  status: z.enum(CONTENT_STATUSES).optional(),
});
export const ZLibraryItemSchema = z.discriminatedUnion('kind', [ZLibraryBookItemSchema, ZLibraryTalkItemSchema]);
export type LibraryItem = z.infer<typeof ZLibraryItemSchema>;
export type LibraryBookItem = z.infer<typeof ZLibraryBookItemSchema>;
export type LibraryTalkItem = z.infer<typeof ZLibraryTalkItemSchema>;

export const ZLibraryPageSchema = pageOf(ZLibraryItemSchema);
export type LibraryPage = z.infer<typeof ZLibraryPageSchema>;
export const ZLibrarySearchResponseSchema = z.object({ data: ZLibraryPageSchema });

/** An empty form field (`?tim=&phut=`) counts as absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * GET /public/library/search/ and /admin/library/search/, and the /thu-vien page: `loai` (book or
 * phap-am), `page` ≥ 1, `size` 1..100 (50 for books, 10 for talks when absent), `tim` (the one name
 * field: words of the title, credits or description, titles holding them first), `ten` (the name
 * field of before, read as `tim`: decision 0020), `ngay` (YYYY-MM-DD: published or recorded on or
 * after), `phut` (talks: at most this many minutes).
 */
export const ZLibrarySearchQuerySchema = z.object({
  loai: z.preprocess(blankToUndefined, z.enum(LIBRARY_KINDS).default('book')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  size: optional(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)),
  tim: optional(zLine().trim().max(200)),
  ten: optional(zLine().trim().max(200)),
  ngay: optional(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày phải có dạng YYYY-MM-DD')
      .refine(isCalendarDate, 'Ngày không hợp lệ'),
  ),
  phut: optional(z.coerce.number().int().min(1).max(100_000)),
});
export type LibrarySearchQuery = z.infer<typeof ZLibrarySearchQuerySchema>;
