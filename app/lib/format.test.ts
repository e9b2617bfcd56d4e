import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format.ts';

describe('formatLongDate', () => {
  it('writes the date in words, in Vietnam’s time zone', () => {
    expect(formatLongDate('2026-03-05T08:00:00.000Z')).toBe('ngày 5 tháng 3 năm 2026');
    // 20:00 UTC on 31 December is already New Year's Day in Hà Nội.
    expect(formatLongDate('2025-12-31T20:00:00.000Z')).toBe('ngày 1 tháng 1 năm 2026');
  });
});
