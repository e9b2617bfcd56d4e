import { describe, expect, it } from 'vitest';
import { formatClock } from './clock.ts';

describe('formatClock', () => {
  it('writes minutes and seconds, hours when needed, never negative', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('0:00');
  });
});
