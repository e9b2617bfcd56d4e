import { describe, expect, it } from 'vitest';
import { formatSpeed, nextSpeed, SPEEDS } from './speed-button.tsx';

describe('the speed button', () => {
  it('steps through 0,75× to 2× and back to the slowest', () => {
    const seen = [0.75];
    for (let i = 0; i < SPEEDS.length; i++) seen.push(nextSpeed(seen.at(-1)!));
    expect(seen).toEqual([0.75, 1, 1.25, 1.5, 1.75, 2, 0.75]);
  });

  it('goes on from a speed between the steps', () => {
    expect(nextSpeed(1.1)).toBe(1.25);
  });

  it('writes the speed the Vietnamese way', () => {
    expect(formatSpeed(1.25)).toBe('1,25×');
    expect(formatSpeed(2)).toBe('2×');
  });
});
