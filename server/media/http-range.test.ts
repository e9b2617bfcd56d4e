import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.ts';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'none' }],
    ['bytes=0-99', { kind: 'range', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'range', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'range', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
    ['bytes=900-5000', { kind: 'range', start: 900, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-9', { kind: 'none' }],
    ['items=0-1', { kind: 'none' }],
    ['bytes=-', { kind: 'none' }],
  ])('%s on 1000 bytes → %o', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
