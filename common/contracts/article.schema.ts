import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#common/constants.ts';
import { pageOf } from './envelope.schema.ts';

/** News and articles (product spec §7 Content). */

export const ZArticlesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_PAGE),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

const ZSlug = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Địa chỉ bài viết chỉ gồm chữ thường không dấu, số và dấu gạch ngang.');

export const ZArticleSlugQuerySchema = z.object({ slug: ZSlug });
export const ZArticleCategoryQuerySchema = ZArticlesQuerySchema.extend({ slug: ZSlug });

export const ZArticleCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Published articles in the category. */
  articleCount: z.number().int().nonnegative(),
});
export type ArticleCategory = z.infer<typeof ZArticleCategorySchema>;

/** An article in a list (news feed, category, related articles). */
export const ZArticleCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  coverImage: z.string().nullable(),
  author: z.string().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  publishedAt: z.string(),
  /** Minutes a reader needs, rounded up (at least 1). */
  readingMinutes: z.number().int().positive(),
});
export type ArticleCard = z.infer<typeof ZArticleCardSchema>;

export const ZArticleSchema = ZArticleCardSchema.extend({
  /** Sanitised HTML (allow-listed tags; paragraphs carry ids p-1, p-2, …). */
  bodyHtml: z.string(),
  updatedAt: z.string(),
  license: z
    .object({
      spdx: z.string(),
      name: z.string(),
      url: z.string(),
      attribution: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  sourceUrl: z.string().nullable(),
});
export type Article = z.infer<typeof ZArticleSchema>;

export const ZArticlesResponseSchema = z.object({ data: pageOf(ZArticleCardSchema) });
export const ZArticleCategoriesResponseSchema = z.object({
  data: z.object({ items: z.array(ZArticleCategorySchema) }),
});
export const ZArticleCategoryPageSchema = pageOf(ZArticleCardSchema).extend({ category: ZArticleCategorySchema });
export type ArticleCategoryPage = z.infer<typeof ZArticleCategoryPageSchema>;
export const ZArticleCategoryResponseSchema = z.object({ data: ZArticleCategoryPageSchema });
/** An article with a few others of its category (`data.title`, `data.bodyHtml`, … as the client reads them). */
export const ZArticleDetailSchema = ZArticleSchema.extend({ related: z.array(ZArticleCardSchema) });
export type ArticleDetail = z.infer<typeof ZArticleDetailSchema>;
export const ZArticleResponseSchema = z.object({ data: ZArticleDetailSchema });

export const ARTICLE_MESSAGES = {
  notFound: 'Không tìm thấy bài viết này.',
  categoryNotFound: 'Không tìm thấy chuyên mục này.',
} as const;

/** How many articles of the same category an article page suggests. */
export const RELATED_ARTICLE_COUNT = 3;
/** Reading speed used for "… phút đọc" (Vietnamese words, i.e. syllables, per minute). */
export const READING_WORDS_PER_MINUTE = 220;
