import { z } from 'zod';

/** Who may reuse a work and how it must be credited. */
export const ZLicenseSchema = z.object({
  spdx: z.string(),
  name: z.string(),
  url: z.string(),
  attribution: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});
export type License = z.infer<typeof ZLicenseSchema>;

export const ZBookSummarySchema = z.object({
  code: z.string(),
  title: z.string(),
  titleOriginal: z.string().nullable(),
  author: z.string().nullable(),
  translator: z.string().nullable(),
  description: z.string().nullable(),
  coverImage: z.string().nullable(),
  chapterCount: z.number().int().nonnegative(),
  firstChapterCode: z.string().nullable(),
  publishedAt: z.string(),
});
export type BookSummary = z.infer<typeof ZBookSummarySchema>;

export const ZTalkSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  speaker: z.string().nullable(),
  durationSeconds: z.number().int().nonnegative(),
  collectionId: z.number().int(),
  collectionTitle: z.string(),
  recordedOn: z.string().nullable(),
});
export type TalkSummary = z.infer<typeof ZTalkSummarySchema>;

export const ZArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  categorySlug: z.string().nullable(),
  categoryName: z.string().nullable(),
  coverImage: z.string().nullable(),
  publishedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof ZArticleSummarySchema>;

/** A short liturgical or canonical quote (Pali, Hán-Việt reading, Chinese) and its plain meaning. */
export const ZQuoteSchema = z.object({
  code: z.string(),
  topic: z.string().nullable(),
  pali: z.string().nullable(),
  sinoVietnamese: z.string().nullable(),
  chinese: z.string().nullable(),
  meaning: z.string().nullable(),
  license: z.string(),
});
export type Quote = z.infer<typeof ZQuoteSchema>;

/** A liturgical passage: consecutive lines of one quote topic, in order (all of them when the topic is short). */
export const ZQuotePassageSchema = z.object({
  topic: z.string().nullable(),
  lines: z.array(ZQuoteSchema).min(1),
});
export type QuotePassage = z.infer<typeof ZQuotePassageSchema>;

/** How many published items of each kind the library holds (the menu badges). */
export const ZContentCountsSchema = z.object({
  books: z.number().int().nonnegative(),
  talks: z.number().int().nonnegative(),
  videos: z.number().int().nonnegative(),
  compilations: z.number().int().nonnegative(),
  articles: z.number().int().nonnegative(),
});
export type ContentCounts = z.infer<typeof ZContentCountsSchema>;
