import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatNumber } from './format.ts';

describe('formatLongDate', () => {
  it('writes the date in words, in Vietnam’s time zone', () => {
    expect(formatLongDate('2026-03-05T08:00:00.000Z')).toBe('ngày 5 tháng 3 năm 2026');
    // 20:00 UTC on 31 December is already New Year's Day in Hà Nội.
    expect(formatLongDate('2025-12-31T20:00:00.000Z')).toBe('ngày 1 tháng 1 năm 2026');
  });
});

describe('formatDate and formatNumber', () => {
  it('say what Intl’s vi-VN formats say, without constructing them', () => {
    const date = new Intl.DateTimeFormat('vi-VN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    const instants = ['2026-11-22T10:00:00Z', '2026-01-05T18:30:00Z', '2025-12-31T17:00:00Z', '2024-02-29T16:59:59Z'];
    for (const iso of instants) expect(formatDate(iso)).toBe(date.format(new Date(iso)));
    const number = new Intl.NumberFormat('vi-VN');
    for (const n of [0, 7, 999, 1000, 1234567, -1200, 12.5, 1234.25]) expect(formatNumber(n)).toBe(number.format(n));
  });
});
