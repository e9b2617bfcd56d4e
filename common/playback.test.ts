import { describe, expect, it } from 'vitest';
import { setCurrentTime } from './playback.ts';

describe('setCurrentTime', () => {
  it('adds an entry for a new code', () => {
    expect(setCurrentTime([], 'kinh-kim-cang', 12.5)).toEqual([{ code: 'kinh-kim-cang', currentTime: 12.5 }]);
  });

  it('updates the entry of a known code in place, leaving the others and the input alone', () => {
    const books = [
      { code: 'a', currentTime: 1 },
      { code: 'b', currentTime: 2 },
    ];
    expect(setCurrentTime(books, 'a', 90)).toEqual([
      { code: 'a', currentTime: 90 },
      { code: 'b', currentTime: 2 },
    ]);
    expect(books[0]!.currentTime).toBe(1);
  });
});
