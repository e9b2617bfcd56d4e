import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  it('allows `limit` hits per window, then refuses until the window ends', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => t });
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([true, true, false]);
    expect(limiter.isLimited('a')).toBe(true);
    expect(limiter.isLimited('b')).toBe(false);
    t = 1000;
    expect(limiter.isLimited('a')).toBe(false);
    expect(limiter.hit('a')).toBe(true);
  });

  it('holds at most maxKeys windows, dropping the least recently used', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0, maxKeys: 100 });
    limiter.hit('kept');
    limiter.hit('kept');
    for (let i = 0; i < 40_000; i++) {
      limiter.hit(`fresh-${i}`);
      if (i % 50 === 0) limiter.hit('kept'); // used now and then: it stays
    }
    expect(limiter.size()).toBeLessThanOrEqual(100);
    expect(limiter.isLimited('kept')).toBe(true);
  });

  it('prunes expired windows on demand and on its timer', async () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 10, now: () => t, pruneEveryMs: 5 });
    for (let i = 0; i < 50; i++) limiter.hit(`k${i}`);
    expect(limiter.size()).toBe(50);
    t = 20;
    await new Promise((r) => setTimeout(r, 30));
    expect(limiter.size()).toBe(0);
    limiter.hit('x');
    t = 40;
    limiter.prune();
    expect(limiter.size()).toBe(0);
    limiter.close();
  });
});
