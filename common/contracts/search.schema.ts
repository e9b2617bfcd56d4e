/** Search (product spec §2 /search, §7 POST /public/search: docs/product-spec.md). */
import { z } from 'zod';
import { zLine, zText } from './text.schema.ts';
import { normalizeText } from '../text/vietnamese.ts';
import {
  SEARCH_MODES,
  SEARCH_TYPES,
  MAX_QUERY_LENGTH,
  MAX_CONDITIONS,
  DEFAULT_SEARCH_PER_PAGE,
  MAX_SEARCH_PER_PAGE,
  SEARCH_ITEM_TYPES_WITH_PASSAGES,
} from './search.values.ts';

// The constants and helpers live in search.values.ts (no zod, for the pages); the API takes them from here too.
export * from './search.values.ts';

// Messages of refused requests: only the server shows them (pages show the server's answer).
export const SEARCH_MESSAGES = {
  queryTooLong: `Từ khoá tìm kiếm dài quá ${MAX_QUERY_LENGTH} ký tự, xin rút gọn lại.`,
  tooManyConditions: `Chỉ được thêm tối đa ${MAX_CONDITIONS} điều kiện.`,
  conditionTooLong: 'Mỗi điều kiện dài tối đa 100 ký tự.',
  badMode: 'Cách tìm không hợp lệ (chỉ có "strict" hoặc "broad").',
  badType: 'Loại nội dung tìm kiếm không hợp lệ.',
  badItemType: 'Chỉ xem thêm đoạn được trong sách, lời giảng, video hay bài viết.',
} as const;

const ZQueryText = zText()
  .transform((s) => normalizeText(s).replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1).max(MAX_QUERY_LENGTH, SEARCH_MESSAGES.queryTooLong));

const ZCondition = zText()
  .transform((s) => normalizeText(s).replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(100, SEARCH_MESSAGES.conditionTooLong));

export const ZSearchModeSchema = z.enum(SEARCH_MODES, { error: SEARCH_MESSAGES.badMode });
export const ZSearchTypeSchema = z.enum(SEARCH_TYPES, { error: SEARCH_MESSAGES.badType });

export const ZSearchRequestSchema = z.object({
  query: ZQueryText,
  mode: ZSearchModeSchema.default('strict'),
  type: ZSearchTypeSchema.default('all'),
  conditionType: z.literal('AND').optional(),
  conditions: z
    .array(ZCondition)
    .max(MAX_CONDITIONS, SEARCH_MESSAGES.tooManyConditions)
    .default([])
    .transform((list) => list.filter(Boolean)),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_SEARCH_PER_PAGE).default(DEFAULT_SEARCH_PER_PAGE),
  /** Only inside this book (the reader's side search box). */
  bookCode: zLine().min(1).max(120).optional(),
  /**
   * Only inside this one result, as a result names itself (`type` and `key`): the other matching
   * passages of a result card ("Xem thêm N đoạn"), up to 50, best first. A talk's title block has
   * one; a video has its title block and its transcript's lines.
   */
  item: z
    .object({
      type: z.enum(SEARCH_ITEM_TYPES_WITH_PASSAGES, { error: SEARCH_MESSAGES.badItemType }),
      key: zLine().min(1).max(120),
    })
    .optional(),
});
export type SearchRequest = z.infer<typeof ZSearchRequestSchema>;
export type SearchRequestInput = z.input<typeof ZSearchRequestSchema>;

export const ZHighlightSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });
export type HighlightSegment = z.infer<typeof ZHighlightSegmentSchema>;

export const ZSearchPassageSchema = z.object({
  id: z.number().int(),
  /** Where the passage opens: the chapter at its paragraph, the talk at its moment. */
  url: z.string(),
  /** Where it is, in words: the chapter's title, "12:05" in a talk. */
  label: z.string().nullable(),
  startSeconds: z.number().nullable(),
  snippet: z.array(ZHighlightSegmentSchema),
});
export type SearchPassage = z.infer<typeof ZSearchPassageSchema>;

export const ZSearchItemSchema = z.object({
  type: z.enum(['book', 'video', 'audio', 'transcript', 'article']),
  /** The item's code, slug or id, as its address uses it. */
  key: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  url: z.string(),
  /** How many passages of the item match. */
  matchCount: z.number().int(),
  passages: z.array(ZSearchPassageSchema),
});
export type SearchItem = z.infer<typeof ZSearchItemSchema>;

export const ZCountsByTypeSchema = z.object({
  all: z.number().int(),
  book: z.number().int(),
  video: z.number().int(),
  audio: z.number().int(),
  transcript: z.number().int(),
  article: z.number().int(),
});
export type CountsByType = z.infer<typeof ZCountsByTypeSchema>;

export const ZSearchResultSchema = z.object({
  items: z.array(ZSearchItemSchema),
  /** Items of the chosen type. */
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  countsByType: ZCountsByTypeSchema,
  /**
   * Types whose count stopped at the counting limit (a search of several words counts at most
   * 1,000 items per type): there are more than the number says, and pages go on past it.
   */
  countsCapped: z.array(ZSearchTypeSchema),
  /** When nothing was found and the query looks like Telex / VNI typing: the converted query. */
  suggestion: z.string().nullable(),
  /** The query as searched (normalised). */
  query: z.string(),
});
export type SearchResult = z.infer<typeof ZSearchResultSchema>;
export const ZSearchResponseSchema = z.object({ data: ZSearchResultSchema });

// Saved searches -----------------------------------------------------------------------------

export const MAX_SAVED_SEARCHES = 200;

export const ZSearchCollectionInputSchema = z.object({
  name: zLine()
    .transform((s) => normalizeText(s).trim())
    .pipe(z.string().max(120, 'Tên tối đa 120 ký tự.'))
    .optional(),
  query: ZQueryText,
  mode: ZSearchModeSchema.default('strict'),
  type: ZSearchTypeSchema.default('all'),
  conditionType: z.literal('AND').optional(),
  conditions: z.array(ZCondition).max(MAX_CONDITIONS, SEARCH_MESSAGES.tooManyConditions).default([]),
});
export type SearchCollectionInput = z.infer<typeof ZSearchCollectionInputSchema>;

/** A change: only the fields sent change (no defaults here, so renaming keeps the mode and type). */
export const ZSearchCollectionUpdateSchema = z.object({
  name: ZSearchCollectionInputSchema.shape.name,
  query: ZQueryText.optional(),
  mode: ZSearchModeSchema.optional(),
  type: ZSearchTypeSchema.optional(),
  conditionType: z.literal('AND').optional(),
  conditions: z.array(ZCondition).max(MAX_CONDITIONS, SEARCH_MESSAGES.tooManyConditions).optional(),
});
export type SearchCollectionUpdate = z.infer<typeof ZSearchCollectionUpdateSchema>;

export const ZSearchCollectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  mode: ZSearchModeSchema,
  type: ZSearchTypeSchema,
  conditionType: z.literal('AND').nullable(),
  conditions: z.array(z.string()),
  /** The /search address that runs it. */
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SearchCollection = z.infer<typeof ZSearchCollectionSchema>;
export const ZSearchCollectionResponseSchema = z.object({ data: ZSearchCollectionSchema });
export const ZSearchCollectionsResponseSchema = z.object({
  data: z.object({ items: z.array(ZSearchCollectionSchema) }),
});

// Most searched ---------------------------------------------------------------------------------

export const ZPopularQuerySchema = z.object({ query: z.string(), count: z.number().int(), url: z.string() });
export type PopularQuery = z.infer<typeof ZPopularQuerySchema>;
export const ZPopularQueriesResponseSchema = z.object({ data: z.object({ items: z.array(ZPopularQuerySchema) }) });
