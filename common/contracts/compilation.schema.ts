import { z } from 'zod';
import { zText } from './text.schema.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#common/constants.ts';
import { pageOf } from './envelope.schema.ts';

/** Compilations (tổng hợp): books, talks, videos and articles gathered around one theme. */

export const COMPILATION_ITEM_TYPES = ['book', 'talk', 'video', 'article'] as const;
export type CompilationItemType = (typeof COMPILATION_ITEM_TYPES)[number];

export const ZCompilationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_PAGE),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const ZCompilationSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  introduction: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** How many of its items are published (those a reader sees). */
  itemCount: z.number().int().nonnegative(),
  /** How many of each kind, for the list's line "3 sách · 2 pháp âm". */
  counts: z.object({
    book: z.number().int().nonnegative(),
    talk: z.number().int().nonnegative(),
    video: z.number().int().nonnegative(),
    article: z.number().int().nonnegative(),
  }),
});
export type CompilationSummary = z.infer<typeof ZCompilationSummarySchema>;

/** One item, whatever its kind: its page's address is `url` (built with common/paths.ts). */
export const ZCompilationItemSchema = z.object({
  type: z.enum(COMPILATION_ITEM_TYPES),
  id: z.number().int(),
  title: z.string(),
  /** Author, speaker, collection or summary: the line under the title. */
  subtitle: z.string().nullable(),
  /** The editors' word on why this item is here. */
  note: z.string().nullable(),
  url: z.string(),
});
export type CompilationItem = z.infer<typeof ZCompilationItemSchema>;

export const ZCompilationDetailSchema = ZCompilationSummarySchema.extend({ items: z.array(ZCompilationItemSchema) });
export type CompilationDetail = z.infer<typeof ZCompilationDetailSchema>;

export const ZCompilationsResponseSchema = z.object({ data: pageOf(ZCompilationSummarySchema) });
export const ZCompilationResponseSchema = z.object({ data: ZCompilationDetailSchema });

export const COMPILATION_MESSAGES = {
  notFound: 'Không tìm thấy tuyển tập này.',
} as const;

/** POST /admin/compilations and PUT /admin/compilation/{id}: the items in the editors' order. */
export const ZCompilationInputSchema = z.object({
  title: z
    .string()
    .transform((s) => s.normalize('NFC').trim())
    .pipe(zText().min(1, 'Tổng hợp cần có tên').max(200, 'Tên tối đa 200 ký tự')),
  introduction: z
    .string()
    .nullish()
    .transform((s) => (s ? s.normalize('NFC').trim() : '') || null)
    .pipe(zText().max(3000, 'Lời giới thiệu tối đa 3000 ký tự').nullable()),
  status: z.enum(['published', 'draft'], { error: 'Trạng thái chỉ có thể là published hoặc draft' }),
  items: z
    .array(
      z.object({
        type: z.enum(COMPILATION_ITEM_TYPES, { error: 'Loại mục chỉ có thể là book, talk, video hoặc article' }),
        id: z.number().int().positive(),
        note: z
          .string()
          .nullish()
          .transform((s) => (s ? s.normalize('NFC').trim() : '') || null),
      }),
    )
    .max(200, 'Một tổng hợp có tối đa 200 mục'),
});
export type CompilationInput = z.infer<typeof ZCompilationInputSchema>;

export const ZCompilationAdminSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  introduction: z.string().nullable(),
  status: z.enum(['published', 'draft', 'pending']),
  items: z.array(
    z.object({
      type: z.enum(COMPILATION_ITEM_TYPES),
      id: z.number().int(),
      title: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type CompilationAdmin = z.infer<typeof ZCompilationAdminSchema>;
