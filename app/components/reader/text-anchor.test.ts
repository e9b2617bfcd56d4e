import { describe, expect, it } from 'vitest';
import { locateAnchor, snapToWords } from './text-anchor.ts';

const text = 'Như thị ngã văn: Nhất thời Phật tại Xá vệ quốc. Như thị ngã văn lần nữa.';
const anchor = (start: number, end: number, prefix = '', suffix = '') => ({
  paragraph: 'p-1',
  start,
  end,
  exact: text.slice(start, end),
  prefix,
  suffix,
});

describe('locateAnchor', () => {
  it('keeps the offsets when the text there still matches', () => {
    expect(locateAnchor(text, anchor(27, 31))).toEqual({ start: 27, end: 31 });
  });

  it('finds the quote again when the text moved, preferring the occurrence with the same context', () => {
    const second = text.lastIndexOf('Như thị ngã văn');
    const a = { ...anchor(second, second + 15, text.slice(second - 10, second), ' lần nữa.'), start: 0, end: 15 };
    // Offsets now point at the first occurrence, but the context says the second.
    const moved = 'Lời mở đầu. ' + text;
    const found = locateAnchor(moved, { ...a, start: 3, end: 18 });
    expect(moved.slice(found!.start, found!.end)).toBe('Như thị ngã văn');
    expect(found!.start).toBe(moved.lastIndexOf('Như thị ngã văn'));
  });

  it('gives up when the quote is gone', () => {
    expect(locateAnchor('Một văn bản khác hẳn.', anchor(0, 15))).toBeNull();
  });
});

describe('snapToWords', () => {
  const snapped = (t: string, start: number, end: number) => {
    const r = snapToWords(t, start, end);
    return t.slice(r.start, r.end);
  };

  it('grows a selection that starts and ends inside words to the whole words', () => {
    // "hị ngã vă" → "thị ngã văn"
    expect(snapped(text, 5, 14)).toBe('thị ngã văn');
    // One letter inside "Phật" is the whole word.
    expect(snapped(text, 29, 30)).toBe('Phật');
  });

  it('counts Vietnamese letters with tones as letters, composed (NFC) or not', () => {
    const words = 'Bồ-đề tâm thường hằng';
    // Starting after "th" and ending before "ng": "ường hằ" → "thường hằng".
    const start = words.indexOf('ường');
    expect(snapped(words, start, words.indexOf('hằng') + 2)).toBe('thường hằng');
    // The hyphen ends a syllable: "đề" alone stays "đề".
    expect(snapped(words, words.indexOf('đề') + 1, words.indexOf('đề') + 2)).toBe('đề');
    const decomposed = 'tâm thường'.normalize('NFD');
    expect(snapped(decomposed, decomposed.length - 3, decomposed.length - 2)).toBe('thường'.normalize('NFD'));
  });

  it('keeps selections that already end at word boundaries, and drops the spaces at either end', () => {
    expect(snapped(text, 0, 15)).toBe('Như thị ngã văn');
    // Punctuation at the start is kept as selected; the word cut at the end is completed.
    expect(snapped(text, 15, 20)).toBe(': Nhất');
    expect(snapped(text, 3, 8)).toBe('thị');
  });

  it('leaves Chinese characters as they are selected (no spaces between their words)', () => {
    const han = '如是我聞一時佛在';
    expect(snapped(han, 2, 4)).toBe('我聞');
  });

  it('returns an empty range for a selection of spaces only', () => {
    const r = snapToWords('a   b', 1, 4);
    expect(r.start).toBe(r.end);
  });
});
