import { z } from 'zod';
import { lookupTermOf, TERM_WORDS_MAX, termProblemOf } from '#common/text/lookup-term.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import {
  ZDictionaryEntrySchema,
  ZHanCharacterSchema,
  ZLookupPassageSchema,
  ZUnihanSourceSchema,
} from './dictionary.schema.ts';
import { zLine } from './text.schema.ts';

/**
 * Looking up a Vietnamese term selected in a chapter by its Hán-Việt reading (decision 0052). Apart
 * from dictionary.schema.ts, whose messages the dictionaries' administration page carries: the
 * term's rule goes to the browser only with the chapter's selection tools.
 */

/** Chinese characters listed for a one-syllable term. */
export const TERM_CHARACTERS = 24;

export const TERM_LOOKUP_MESSAGES = {
  required: 'Cần một từ để tra.',
  tooLong: `Tra tối đa ${TERM_WORDS_MAX} từ một lần (tên phiên âm nối bằng gạch nối như "Ba-la-mật-đa" tính là một từ).`,
  notTerm: 'Chỉ tra được một từ hoặc cụm từ ngắn: chữ cái, dấu cách, dấu gạch nối; không có dấu câu hay chữ số.',
} as const;

/**
 * GET /public/dictionary/term: a word or short phrase of a chapter ("Bát nhã", "bat nha",
 * "Ba-la-mật-đa"), as the reader selected it; the edges a selection carries (spaces, a comma) are trimmed.
 */
export const ZTermLookupRequestSchema = z.object({
  term: zLine({ error: TERM_LOOKUP_MESSAGES.required })
    .max(200, TERM_LOOKUP_MESSAGES.tooLong)
    .transform((s, ctx) => {
      const text = normalizeText(s);
      const term = lookupTermOf(text);
      if (term !== null) return term;
      ctx.addIssue({ code: 'custom', message: TERM_LOOKUP_MESSAGES[termProblemOf(text)] });
      return z.NEVER;
    }),
});
export type TermLookupRequest = z.infer<typeof ZTermLookupRequestSchema>;

export const ZTermLookupResultSchema = z.object({
  /** The term as looked up: NFC, one space between its words. */
  term: z.string(),
  /**
   * The imported entries whose Hán-Việt reading is the term: with its diacritics when the term has
   * any (tone placement aside), else by its letters alone ("bat nha" finds "bát nhã").
   */
  entries: z.array(ZDictionaryEntrySchema),
  entryTotal: z.number().int(),
  /** For a one-syllable term: the Chinese characters Unihan reads so (at most TERM_CHARACTERS). */
  characters: z.array(ZHanCharacterSchema),
  characterTotal: z.number().int(),
  /** Passages of the library's books with the term as a phrase, best first. */
  passages: z.array(ZLookupPassageSchema),
  passageTotal: z.number().int(),
  /** The search page for the term as a phrase (books). */
  searchUrl: z.string(),
  unihan: ZUnihanSourceSchema,
});
export type TermLookupResult = z.infer<typeof ZTermLookupResultSchema>;
export const ZTermLookupResponseSchema = z.object({ data: ZTermLookupResultSchema });
