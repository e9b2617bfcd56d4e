/**
 * Which selections of a chapter can be looked up as a term ("Bát nhã", "Ba-la-mật-đa", "niết bàn"):
 * one word or a short phrase of Latin letters, as the reader's selection tools and the look-up API
 * both count it. Kept free of zod and of the normaliser: the chapter's first load carries it.
 */

/**
 * The longest term looked up, in words and in characters. A transliteration joined by hyphens is
 * one word, so "A-nậu-đa-la tam-miệu tam-bồ-đề" (nine syllables) is three.
 */
export const TERM_WORDS_MAX = 6;
export const TERM_LENGTH_MAX = 60;

// Syllables of Latin letters with their combining marks (so NFD input passes too), separated by
// spaces or hyphens. Sentence punctuation, digits and Chinese characters are not a term.
const TERM = /^[\p{Script=Latin}\p{M}]+(?:[\s\-\u2010\u2011]+[\p{Script=Latin}\p{M}]+)*$/u;
// What a selection often carries around its words: spaces, a comma after it, quotation marks.
const EDGES = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/** The term a selection can be looked up as (edges trimmed, one space between its words), or null. */
export function lookupTermOf(selection: string): string | null {
  const term = selection.replace(EDGES, '');
  const fits = term.length <= TERM_LENGTH_MAX && term.split(/\s+/u).length <= TERM_WORDS_MAX;
  return TERM.test(term) && fits ? term.replace(/\s+/gu, ' ') : null;
}

/** Why a selection is not a term (for a selection `lookupTermOf` refuses). */
export function termProblemOf(selection: string): 'required' | 'tooLong' | 'notTerm' {
  const term = selection.replace(EDGES, '');
  if (term === '') return 'required';
  return TERM.test(term) ? 'tooLong' : 'notTerm';
}
