import type { SearchRequest } from '#common/contracts/search.schema.ts';
import { queryWords, type HighlightOptions } from '#common/text/search-tokens.ts';
import { hasDiacritics } from '#common/text/vietnamese.ts';
import type { EngineQuery, MatchClause } from '#server/search/search-index.ts';

/*
 * The reader's query → the engine's clauses. The rules of the modes live here; the engines only
 * match and score.
 *
 * - strict (default): the words as a phrase, in order. With diacritics they must match as typed
 *   (tones placed either way); without any, the folded form matches (`phat giao` → `Phật giáo`).
 * - broad: every word anywhere in the passage, folded; passages with the reader's own diacritics
 *   and with the words close together score higher.
 * - conditions: each term (a phrase, same diacritics rule) must also occur in the same item.
 */

/** One clause for a phrase typed by the reader (the query in strict mode, or a condition). */
function phraseClause(text: string): MatchClause | null {
  const words = queryWords(text);
  if (words.folded.length === 0) return null;
  // One word is the same search as a phrase or not: one spelling, so it is one stored answer.
  const phrase = words.folded.length > 1;
  return hasDiacritics(text)
    ? { form: 'exact', words: words.exact, phrase }
    : { form: 'folded', words: words.folded, phrase };
}

/** The engine query for the reader's query and mode; null when the query has no word at all. */
export function planQuery(query: string, mode: SearchRequest['mode']): EngineQuery | null {
  if (mode === 'strict') {
    const required = phraseClause(query);
    return required ? { required, boosts: [] } : null;
  }
  const words = queryWords(query);
  if (words.folded.length === 0) return null;
  const folded = [...new Set(words.folded)];
  const boosts: MatchClause[] = [];
  // Each word typed with diacritics scores more where it occurs with them.
  words.exact.forEach((exact, i) => {
    if (exact !== words.folded[i]) boosts.push({ form: 'exact', words: [exact], phrase: false });
  });
  // The words close together (FTS5: NEAR; PostgreSQL: cover density).
  if (folded.length > 1) boosts.push({ form: 'folded', words: folded, phrase: false });
  return { required: { form: 'folded', words: folded, phrase: false }, boosts };
}

/** Which words a snippet marks, by the same rule the query matched them. */
export function highlightOptions(query: string, mode: SearchRequest['mode']): HighlightOptions {
  const words = queryWords(query);
  if (mode === 'broad') return { folded: words.folded };
  return hasDiacritics(query)
    ? { folded: words.folded, exact: words.exact, phrase: true }
    : { folded: words.folded, phrase: true };
}

/** The request's conditions as clauses (a condition without words is dropped). */
export function conditionClauses(conditions: readonly string[]): MatchClause[] {
  return conditions.map(phraseClause).filter((c): c is MatchClause => c !== null);
}
