import { describe, expect, it } from 'vitest';
import { locateAnchor } from './text-anchor.ts';

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
