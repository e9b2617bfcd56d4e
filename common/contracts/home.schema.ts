import { z } from 'zod';
import {
  ZArticleSummarySchema,
  ZBookSummarySchema,
  ZContentCountsSchema,
  ZQuotePassageSchema,
  ZTalkSummarySchema,
} from './content.schema.ts';

export const HOME_SECTION_DEFAULT_LIMIT = 6;
export const HOME_SECTION_MAX_LIMIT = 24;

/** POST /public/home_page_data — the body is optional. */
export const ZHomePageDataRequestSchema = z
  .object({
    limit: z.number().int().min(1).max(HOME_SECTION_MAX_LIMIT).optional(),
  })
  .strict();
export type HomePageDataRequest = z.infer<typeof ZHomePageDataRequestSchema>;

/** What the home page shows besides the keyword suggestions. */
export const ZHomePageDataSchema = z.object({
  newestBooks: z.array(ZBookSummarySchema),
  newestTalks: z.array(ZTalkSummarySchema),
  newestArticles: z.array(ZArticleSummarySchema),
  featuredPassage: ZQuotePassageSchema.nullable(),
  counts: ZContentCountsSchema,
});
export type HomePageData = z.infer<typeof ZHomePageDataSchema>;

export const ZHomePageDataResponseSchema = z.object({ data: ZHomePageDataSchema });
