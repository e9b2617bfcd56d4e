import { describe, expect, it } from 'vitest';
import { pickRandom } from './random.ts';

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
