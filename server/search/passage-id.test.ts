import { describe, expect, it } from 'vitest';
import {
  itemIdRange,
  itemKeyOf,
  itemKeyOfPassage,
  MAX_ITEM_ID,
  MAX_SEQ,
  passageIdOf,
  SearchKind,
  splitItemKey,
} from './passage-id.ts';

describe('passage ids', () => {
  it('pack kind, item and rank, and give them back', () => {
    const id = passageIdOf(SearchKind.article, 1234, 56);
    const key = itemKeyOfPassage(id);
    expect(key).toBe(itemKeyOf(SearchKind.article, 1234));
    expect(splitItemKey(key)).toEqual({ kind: SearchKind.article, itemId: 1234 });
    const [from, to] = itemIdRange(key);
    expect(id).toBeGreaterThanOrEqual(from);
    expect(id).toBeLessThanOrEqual(to);
    // The next item's passages start after this one's range: ranges never overlap.
    expect(passageIdOf(SearchKind.article, 1235, 0)).toBe(to + 1);
  });

  it('stay exact JavaScript integers at the limits, and refuse what does not fit', () => {
    const largest = passageIdOf(SearchKind.article, MAX_ITEM_ID, MAX_SEQ);
    expect(Number.isSafeInteger(largest)).toBe(true);
    expect(() => passageIdOf(SearchKind.book, MAX_ITEM_ID + 1, 0)).toThrow();
    expect(() => passageIdOf(SearchKind.book, 1, MAX_SEQ + 1)).toThrow();
    expect(() => passageIdOf(SearchKind.book, 1.5, 0)).toThrow();
  });
});
