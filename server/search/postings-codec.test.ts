import { describe, expect, it } from 'vitest';
import { seededRandom } from '#tests/factories/search-library.ts';
import { MAX_ITEM_ID, MAX_SEQ, passageIdOf, SearchKind } from './passage-id.ts';
import { blockPostings, chunkPostings, decodeBlock, encodeBlock, type Posting } from './postings-codec.ts';
import { boundNow, impactOf } from './postings.ts';

/** Postings of random passages (ascending ids across items and kinds, positions past 127). */
function randomPostings(next: () => number, count: number): Posting[] {
  const out: Posting[] = [];
  let item = 1;
  let seq = 0;
  for (let i = 0; i < count; i++) {
    if (next() < 0.3) {
      item += 1 + Math.floor(next() * 50_000);
      seq = 0;
    } else seq += 1 + Math.floor(next() * 300);
    const words = 1 + Math.floor(next() * 400);
    const tf = 1 + Math.floor(next() * Math.min(words, 6));
    const positions = [...new Set(Array.from({ length: tf }, () => Math.floor(next() * words)))].sort((a, b) => a - b);
    out.push({ id: passageIdOf(SearchKind.book, item, seq), words, positions });
  }
  return out;
}

describe('postings blocks', () => {
  it('give back every posting: ids, tf, lengths and positions, at the largest ids too', () => {
    const next = seededRandom(47);
    for (let round = 0; round < 50; round++) {
      const postings = randomPostings(next, 1 + Math.floor(next() * 128));
      const block = decodeBlock(encodeBlock(postings), postings.length);
      expect(blockPostings(block)).toEqual(postings);
      postings.forEach((p, i) => {
        expect(block.tf[i]).toBe(p.positions.length);
        expect(block.find(p.id)).toBe(i);
      });
      expect(block.find(postings[0]!.id - 1)).toBe(-1);
    }
    const last = {
      id: passageIdOf(SearchKind.article, MAX_ITEM_ID, MAX_SEQ),
      words: 20_000,
      positions: [0, 16_383, 19_999],
    };
    const first = { id: passageIdOf(SearchKind.book, 0, 0), words: 1, positions: [0] };
    expect(blockPostings(decodeBlock(encodeBlock([first, last]), 2))).toEqual([first, last]);
  });

  it('are cut into blocks of even sizes, none above the limit', () => {
    const sizes = (n: number, size?: number) =>
      chunkPostings(
        Array.from({ length: n }, (_, i) => i),
        size,
      ).map((b) => b.length);
    expect(sizes(0)).toEqual([]);
    expect(sizes(128)).toEqual([128]);
    expect(sizes(129)).toEqual([65, 64]);
    expect(sizes(10, 4)).toEqual([4, 4, 2]);
    expect(chunkPostings(Array.from({ length: 1000 }, (_, i) => i)).flat()).toEqual(
      Array.from({ length: 1000 }, (_, i) => i),
    );
  });

  it('bound every impact when the average length moved since the bound was computed', () => {
    const next = seededRandom(15);
    for (let i = 0; i < 2_000; i++) {
      const then = 5 + next() * 200;
      const now = 5 + next() * 200;
      const tf = 1 + Math.floor(next() * 5);
      const words = 1 + Math.floor(next() * 300);
      const form = next() < 0.5 ? 'exact' : 'folded';
      const c = impactOf(form, tf, words, then);
      expect(impactOf(form, tf, words, now)).toBeLessThanOrEqual(boundNow(c, then, now) * (1 + 1e-12));
    }
  });
});
