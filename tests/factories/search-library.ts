import { SearchKind } from '#server/search/passage-id.ts';
import type { ItemDocument } from '#server/search/search-index.ts';

/**
 * Generated search libraries: seeded text of a few common and many rarer Vietnamese words, for
 * the tests that compare a ranking with the exhaustive BM25 (server/search/bm25.test.ts,
 * tests/api/search-ranking.test.ts). The same seed gives the same library on every run.
 */

/** A small seeded PRNG (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Common words first (drawn far more often), then the Vietnamese cases: old and new tone
 * placement, Ð (U+00D0) for Đ, words without their marks, a decomposed (NFD) word; last, words
 * with a quote and a backslash (PostgreSQL's tsvector and tsquery literals must escape them).
 */
export const SEARCH_WORDS: readonly string[] = [
  'và',
  'của',
  'là',
  'các',
  'phật',
  'pháp',
  'tăng',
  'không',
  'khong',
  'phat',
  'hòa',
  'hoà',
  'thủy',
  'thuỷ',
  'Đạo',
  'Ðạo',
  'dao',
  'bồ',
  'tát',
  'niết',
  'bàn',
  'tâm',
  'an',
  'lạc',
  'duyên',
  'khởi',
  'chùa'.normalize('NFD'),
  "it's",
  'a\\b',
];

/** `length` words, Zipf-like: index ~ words × u³ favours the common words at the start. */
export function makeSearchText(next: () => number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(SEARCH_WORDS[Math.floor(SEARCH_WORDS.length * next() ** 3)]!);
  return words.join(next() < 0.5 ? ' ' : ', ');
}

/** The kinds generated items are of. */
export const SEARCH_KINDS: readonly number[] = [
  SearchKind.book,
  SearchKind.article,
  SearchKind.talk,
  SearchKind.transcript,
];

/** An item of 1–6 passages of 1–14 words. */
export function makeSearchDocument(next: () => number, kind: number, itemId: number): ItemDocument {
  const count = 1 + Math.floor(next() * 6);
  return {
    kind,
    itemId,
    passages: Array.from({ length: count }, (_, seq) => ({
      seq,
      body: makeSearchText(next, 1 + Math.floor(next() * 14)),
    })),
  };
}
