import { describe, expect, it } from 'vitest';
import { pickConsecutiveWithin, pickRandom } from './random.ts';

describe('pickRandom', () => {
  const items = Array.from({ length: 70 }, (_, i) => i);

  it('draws the requested number of distinct items', () => {
    const picked = pickRandom(items, 7);
    expect(picked).toHaveLength(7);
    expect(new Set(picked).size).toBe(7);
    for (const p of picked) expect(items).toContain(p);
  });

  it('is deterministic for a given random source and leaves the input alone', () => {
    let seed = 42;
    const seeded = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const copy = [...items];
    const a = pickRandom(items, 7, seeded);
    seed = 42;
    expect(pickRandom(items, 7, seeded)).toEqual(a);
    expect(items).toEqual(copy);
  });

  it('gives every item a chance', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) pickRandom(items, 7).forEach((p) => seen.add(p));
    expect(seen.size).toBe(70);
  });

  it('returns fewer when the list is short', () => {
    expect(pickRandom([1, 2], 7).sort()).toEqual([1, 2]);
  });
});

describe('pickConsecutiveWithin', () => {
  const lines = ['aaaa', 'bb', 'cccccc', 'd', 'eeeeeeeeee'];
  const length = (s: string) => s.length;

  it('keeps everything when it fits', () => {
    expect(pickConsecutiveWithin(lines, length, 100)).toEqual(lines);
  });

  it('returns consecutive items within the budget from wherever it starts', () => {
    for (let i = 0; i < 200; i++) {
      const picked = pickConsecutiveWithin(lines, length, 8);
      expect(picked.length).toBeGreaterThan(0);
      expect(picked.reduce((n, s) => n + s.length, 0)).toBeLessThanOrEqual(8);
      const first = lines.indexOf(picked[0]!);
      expect(picked).toEqual(lines.slice(first, first + picked.length));
    }
  });

  it('starts at the drawn item and goes as far as the budget allows', () => {
    expect(pickConsecutiveWithin(lines, length, 8, () => 0)).toEqual(['aaaa', 'bb']);
    expect(pickConsecutiveWithin(lines, length, 8, () => 0.99)).toEqual(['d']);
  });

  it('still gives one item when none fits', () => {
    expect(pickConsecutiveWithin(['long line'], length, 3)).toEqual(['long line']);
    expect(pickConsecutiveWithin([], length, 3)).toEqual([]);
  });
});
