import { describe, expect, it } from 'vitest';
import { progressLabels, READING_WORDS_PER_MINUTE, scrolledShare } from './use-reading-progress.ts';

describe('scrolledShare', () => {
  it('is 0 on the first screen and 1 once the end of the text is in view', () => {
    // Text ends at 5 000 px, screen 800 px tall: the last line shows at scroll 4 200.
    expect(scrolledShare(0, 800, 5000)).toBe(0);
    expect(scrolledShare(2100, 800, 5000)).toBe(0.5);
    expect(scrolledShare(4200, 800, 5000)).toBe(1);
    expect(scrolledShare(4900, 800, 5000)).toBe(1);
  });

  it('is 1 for a chapter that fits on the first screen', () => {
    expect(scrolledShare(0, 844, 700)).toBe(1);
  });
});

describe('progressLabels', () => {
  const words = READING_WORDS_PER_MINUTE * 10; // ten minutes of reading

  it('says the percentage, the chapter in the book and the minutes left', () => {
    expect(progressLabels(0, words, { position: 3, count: 12 })).toEqual({
      percent: '0\u00a0%',
      place: 'Chương 3/12',
      left: 'còn ~10 phút',
    });
    expect(progressLabels(70, words, { position: 3, count: 12 }).left).toBe('còn ~3 phút');
    expect(progressLabels(95, words, { position: 3, count: 12 }).left).toBe('còn dưới 1 phút');
  });

  it('leaves out what does not apply: the chapter of a one-chapter book, the minutes at the end', () => {
    expect(progressLabels(12, words, { position: 1, count: 1 })).toEqual({
      percent: '12\u00a0%',
      place: null,
      left: 'còn ~9 phút',
    });
    expect(progressLabels(100, words, { position: 12, count: 12 })).toEqual({
      percent: '100\u00a0%',
      place: 'Chương 12/12',
      left: null,
    });
  });

  it('never says a negative or unknown time: a page scrolled past its ends, a chapter with no words', () => {
    expect(progressLabels(104, words, { position: 1, count: 2 })).toMatchObject({ percent: '100\u00a0%', left: null });
    expect(progressLabels(-3, words, { position: 1, count: 2 })).toMatchObject({
      percent: '0\u00a0%',
      left: 'còn ~10 phút',
    });
    expect(progressLabels(Number.NaN, words, { position: 1, count: 2 }).percent).toBe('0\u00a0%');
    expect(progressLabels(40, 0, { position: 1, count: 2 }).left).toBeNull();
    expect(progressLabels(40, -5, { position: 1, count: 2 }).left).toBeNull();
    expect(progressLabels(99.6, 3, { position: 1, count: 2 }).left).toBeNull();
  });
});
