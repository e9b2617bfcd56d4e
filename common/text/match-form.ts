import { toFoldedForm } from './vietnamese.ts';

/**
 * The form short lists (library, videos) compare text in: folded (no marks, đ → d, lower case) and
 * with punctuation read as spaces, so "a di da" finds "A-di-đà" and "kim cang" finds "Kim Cang".
 */
export function toMatchForm(text: string): string {
  return toFoldedForm(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when every word of the query occurs in the text (both in match form). */
export function containsEveryWord(haystack: string, query: string): boolean {
  return query.split(' ').every((word) => haystack.includes(word));
}
