/**
 * Which selections of a chapter can be looked up as a term ("Bát nhã", "Ba-la-mật-đa", "niết bàn"):
 * one word or a short phrase of Latin letters, as the reader's selection tools and the look-up API
 * both count it. Kept free of zod and of the normaliser: the chapter's first load carries it.
 */

/** The longest term looked up, in syllables ("Ba-la-mật-đa" is four) and in characters. */
export const TERM_SYLLABLES_MAX = 6;
export const TERM_LENGTH_MAX = 60;

// Letters of the Latin script with their combining marks, so NFD input passes too; syllables are
// separated by spaces or hyphens. Sentence punctuation, digits and Chinese characters are not a term.
const SYLLABLE = /^[\p{Script=Latin}\p{M}]+$/u;
const SEPARATOR = /[\s\-\u2010\u2011]+/u;
// What a selection often carries around its words: spaces, a comma after it, quotation marks.
const EDGES = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

export type TermProblem = 'required' | 'tooLong' | 'notTerm';

/** The selection as the term looked up (edges trimmed, one space between its words), or why it is not one. */
export function readLookupTerm(selection: string): { term: string } | { problem: TermProblem } {
  const trimmed = selection.replace(EDGES, '');
  if (trimmed === '') return { problem: 'required' };
  const syllables = trimmed.split(SEPARATOR);
  if (!syllables.every((s) => SYLLABLE.test(s))) return { problem: 'notTerm' };
  if (syllables.length > TERM_SYLLABLES_MAX || trimmed.length > TERM_LENGTH_MAX) return { problem: 'tooLong' };
  return { term: trimmed.replace(/\s+/gu, ' ') };
}

/** The term a selection can be looked up as, or null when it is not one (too long, a sentence). */
export function lookupTermOf(selection: string): string | null {
  const read = readLookupTerm(selection);
  return 'term' in read ? read.term : null;
}
