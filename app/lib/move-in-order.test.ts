import { describe, expect, it } from 'vitest';
import { moveInOrder } from './move-in-order.ts';

describe('moveInOrder', () => {
  it('swaps an item with its neighbour, and leaves the ends and unknown ids alone', () => {
    expect(moveInOrder([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(moveInOrder([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 9, 'up')).toEqual([1, 2, 3]);
  });
});
