import { describe, expect, it } from 'vitest';
import { dayMonthYearToIso, isoToDayMonthYear } from './day-month-year.ts';

describe('dd/mm/yyyy dates', () => {
  it('reads the day first', () => {
    expect(dayMonthYearToIso('24/11/2026')).toBe('2026-11-24');
    expect(dayMonthYearToIso(' 4/1/2026 ')).toBe('2026-01-04');
    expect(dayMonthYearToIso('04.01.2026')).toBe('2026-01-04');
  });

  it('leaves ISO dates (older addresses) and nonsense as they are', () => {
    expect(dayMonthYearToIso('2026-11-24')).toBe('2026-11-24');
    expect(dayMonthYearToIso('hôm qua')).toBe('hôm qua');
  });

  it('writes ISO dates the Vietnamese way', () => {
    expect(isoToDayMonthYear('2026-01-04')).toBe('04/01/2026');
  });
});
