import { z } from 'zod';
import { zText } from './text.schema.ts';
import { normalizeText } from '../text/vietnamese.ts';
import { pageOf } from './envelope.schema.ts';

/** The administration of books: books in every state, their chapters written in Markdown. */

export const BOOK_STATUSES = ['published', 'draft', 'pending'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const BOOK_STATUS_LABELS: Record<BookStatus, string> = {
  published: 'Đã xuất bản',
  draft: 'Bản nháp',
  pending: 'Chờ kiểm duyệt',
};

/** The longest chapter an editor may write (Markdown characters); the API's 1 MB body bounds it too. */
export const CHAPTER_MARKDOWN_MAX = 400_000;

/** The licence a new book gets when the form names none: published with the holder's permission. */
export const DEFAULT_BOOK_LICENSE = {
  spdx: 'LicenseRef-Permission',
  name: 'Đăng với sự cho phép của người giữ bản quyền',
  url: '',
} as const;

const REQUIRED = 'Đây là thông tin bắt buộc';

/** NFC text, trimmed; required. */
const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED })
    .transform((s) => normalizeText(s).trim())
    .pipe(zText().min(1, REQUIRED).max(max, `Tối đa ${max} ký tự`));

/** NFC text, trimmed; blank or absent is null. */
const optionalText = (max: number) =>
  z
    .string({ error: 'Phải là chữ' })
    .nullish()
    .transform((s) => {
      const text = normalizeText(s ?? '').trim();
      return text === '' ? null : text;
    })
    .pipe(zText().max(max, `Tối đa ${max} ký tự`).nullable());

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(500, 'Tối đa 500 ký tự')
    .regex(/^https?:\/\/\S+$/, 'Địa chỉ phải bắt đầu bằng http:// hoặc https://')
    .optional(),
);

/** A book's code: its address /sach/{code} and its chapters' prefix. */
export const BOOK_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** POST /admin/books and PUT /admin/book/{id}: the book's own fields (the code is only set at creation). */
export const ZBookInputSchema = z.object({
  title: requiredText(300),
  code: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(BOOK_CODE_PATTERN, 'Mã sách chỉ gồm chữ thường không dấu, số và gạch nối (tối đa 80 ký tự)')
      .optional(),
  ),
  author: optionalText(300),
  translator: optionalText(300),
  description: optionalText(5000),
  category: optionalText(200),
  licenseSpdx: optionalText(100),
  licenseName: optionalText(300),
  licenseUrl: optionalUrl,
  licenseAttribution: optionalText(500),
  sourceUrl: optionalUrl,
});
export type BookInput = z.infer<typeof ZBookInputSchema>;
export type BookInputRaw = z.input<typeof ZBookInputSchema>;

/** POST /admin/book/{id}/chapters and PUT /admin/chapter/{id}. */
export const ZChapterInputSchema = z.object({
  title: optionalText(300),
  markdown: zText({ error: REQUIRED })
    .max(CHAPTER_MARKDOWN_MAX, `Chương dài quá: tối đa ${CHAPTER_MARKDOWN_MAX.toLocaleString('vi-VN')} ký tự`)
    .refine((s) => s.trim() !== '', REQUIRED),
});
export type ChapterInput = z.infer<typeof ZChapterInputSchema>;

/** POST /admin/book/{id}/chapters/order: every chapter of the book, in the new order. */
export const ZChapterOrderSchema = z.object({
  ids: z
    .array(z.number({ error: 'Mã chương phải là số' }).int().positive(), { error: 'Cần danh sách mã chương' })
    .min(1, 'Cần ít nhất một chương')
    .max(5000, 'Quá nhiều chương'),
});
export type ChapterOrder = z.infer<typeof ZChapterOrderSchema>;

/** POST /admin/markdown/preview: Markdown → the HTML that would be stored. */
export const ZMarkdownPreviewRequestSchema = z.object({
  markdown: zText({ error: REQUIRED }).max(
    CHAPTER_MARKDOWN_MAX,
    `Tối đa ${CHAPTER_MARKDOWN_MAX.toLocaleString('vi-VN')} ký tự`,
  ),
});
export const ZMarkdownPreviewSchema = z.object({ html: z.string() });
export type MarkdownPreview = z.infer<typeof ZMarkdownPreviewSchema>;

/** GET /admin/books. */
export const ZAdminBookQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(BOOK_STATUSES, { error: 'Trạng thái không hợp lệ' }).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  perPage: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(50)),
});
export type AdminBookQuery = z.infer<typeof ZAdminBookQuerySchema>;

export const ZAdminIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Mã phải là số' })
    .int('Mã phải là số nguyên')
    .positive('Mã không hợp lệ')
    // Ids are 32-bit integers: a larger one would reach PostgreSQL and fail there (a 500).
    .max(2_147_483_647, 'Mã không hợp lệ'),
});

/** A book in the administration's list. */
export const ZAdminBookSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  status: z.enum(BOOK_STATUSES),
  coverImage: z.string().nullable(),
  chapterCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
  publishedAt: z.string(),
});
export type AdminBookSummary = z.infer<typeof ZAdminBookSummarySchema>;

export const ZAdminChapterHeadingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  position: z.number().int(),
  title: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminChapterHeading = z.infer<typeof ZAdminChapterHeadingSchema>;

/** A book with everything its edit page shows. */
export const ZAdminBookSchema = ZAdminBookSummarySchema.extend({
  translator: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  licenseSpdx: z.string(),
  licenseName: z.string(),
  licenseUrl: z.string(),
  licenseAttribution: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  createdAt: z.string(),
  chapters: z.array(ZAdminChapterHeadingSchema),
});
export type AdminBook = z.infer<typeof ZAdminBookSchema>;

/** A chapter as its editor opens it: the Markdown source and the stored (sanitised) HTML. */
export const ZAdminChapterSchema = ZAdminChapterHeadingSchema.extend({
  bookId: z.number().int(),
  /** The source; for a chapter that came from an import (no Markdown kept), its HTML, which Markdown accepts. */
  markdown: z.string(),
  html: z.string(),
});
export type AdminChapter = z.infer<typeof ZAdminChapterSchema>;

export const ZAdminBookPageSchema = pageOf(ZAdminBookSummarySchema);
export type AdminBookPage = z.infer<typeof ZAdminBookPageSchema>;
