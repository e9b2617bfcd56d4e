/** Suggestions while typing (GET /public/search/suggestions). */
import { z } from 'zod';
import { zLine } from './text.schema.ts';
import { normalizeText } from '../text/vietnamese.ts';
import {
  SUGGESTION_MIN_LENGTH,
  SUGGESTION_MAX_LENGTH,
  DEFAULT_SUGGESTIONS,
  MAX_SUGGESTIONS,
  SUGGESTION_KINDS,
  SUGGESTION_MESSAGES,
} from './suggestion.values.ts';

// The constants and labels live in suggestion.values.ts (no zod, for the search box's code).
export * from './suggestion.values.ts';

export const ZSuggestionRequestSchema = z.object({
  query: zLine({ error: SUGGESTION_MESSAGES.queryTooShort })
    .transform((s) => normalizeText(s).replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(SUGGESTION_MIN_LENGTH, SUGGESTION_MESSAGES.queryTooShort)
        .max(SUGGESTION_MAX_LENGTH, SUGGESTION_MESSAGES.queryTooLong),
    ),
  limit: z.coerce
    .number({ error: SUGGESTION_MESSAGES.badLimit })
    .int(SUGGESTION_MESSAGES.badLimit)
    .min(1, SUGGESTION_MESSAGES.badLimit)
    .max(MAX_SUGGESTIONS, SUGGESTION_MESSAGES.badLimit)
    .default(DEFAULT_SUGGESTIONS),
});
export type SuggestionRequest = z.infer<typeof ZSuggestionRequestSchema>;

export const ZSuggestionSchema = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  /** The title, or the query as readers type it. */
  text: z.string(),
  /** Where choosing it leads: the book, talk or article, or the search for the query. */
  url: z.string(),
});
export type Suggestion = z.infer<typeof ZSuggestionSchema>;
export const ZSuggestionsResponseSchema = z.object({
  data: z.object({ query: z.string(), items: z.array(ZSuggestionSchema) }),
});
