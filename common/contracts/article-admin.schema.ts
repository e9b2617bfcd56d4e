import { z } from 'zod';
import { zText } from './text.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';

/** Articles and their categories as the administration edits them. */

export const ARTICLE_STATES = ['published', 'draft'] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ZText = (max: number, required: string) =>
  z
    .string()
    .transform((s) => normalizeText(s).trim())
    .pipe(zText().min(1, required).max(max, `Tối đa ${max} ký tự`));
const ZOptional = (max: number) =>
  z
    .string()
    .nullish()
    .transform((s) => (s ? normalizeText(s).trim() : '') || null)
    .pipe(zText().max(max, `Tối đa ${max} ký tự`).nullable());
const ZSlug = z
  .string()
  .trim()
  .max(120)
  .regex(SLUG, 'Địa chỉ chỉ gồm chữ thường không dấu, số và gạch nối')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** "2026-12-01" or "2026-12-01T08:00" (Vietnam time) or a full ISO time → ISO-8601 UTC. */
const ZPublishedAt = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const local = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value)
      ? `${value.length === 10 ? `${value}T00:00` : value}:00+07:00`
      : value;
    const date = new Date(local);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Ngày đăng không hợp lệ' });
      return z.NEVER;
    }
    return date.toISOString();
  });

/** POST /admin/articles and PUT /admin/article/{id}. A publication date to come schedules it. */
export const ZArticleInputSchema = z.object({
  title: ZText(300, 'Bài viết cần có tiêu đề'),
  slug: ZSlug,
  categoryId: z.coerce.number().int().positive().nullish(),
  summary: ZOptional(500),
  author: ZOptional(200),
  bodyMarkdown: zText()
    .max(200_000, 'Bài viết tối đa 200.000 ký tự')
    .refine((s) => s.trim() !== '', 'Bài viết cần có nội dung'),
  status: z.enum(ARTICLE_STATES, { error: 'Trạng thái chỉ có thể là published hoặc draft' }),
  publishedAt: ZPublishedAt.optional(),
});
export type ArticleInput = z.infer<typeof ZArticleInputSchema>;

export const ZArticleAdminSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  summary: z.string().nullable(),
  author: z.string().nullable(),
  bodyMarkdown: z.string().nullable(),
  bodyHtml: z.string(),
  status: z.enum(['published', 'draft', 'pending']),
  /** published with a date to come */
  scheduled: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  path: z.string(),
  coverImage: z.string().nullable(),
});
export type ArticleAdmin = z.infer<typeof ZArticleAdminSchema>;

export const ZCategoryInputSchema = z.object({
  name: ZText(120, 'Danh mục cần có tên'),
  slug: ZSlug,
  description: ZOptional(500),
});
export type CategoryInput = z.infer<typeof ZCategoryInputSchema>;

export const ZCategoryAdminSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  articleCount: z.number().int(),
});
export type CategoryAdmin = z.infer<typeof ZCategoryAdminSchema>;

export const ZMarkdownPreviewSchema = z.object({ markdown: zText().max(200_000) });
