import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SharedThroughRedis } from '#server/shared/open-redis.ts';
import { redisSharing, startRedisServer, type TestRedisServer } from '../support/redis-server.ts';

/**
 * Content notices between two processes through Redis (server/shared/redis-notices.ts, decision
 * 0038) survive Redis restarting: each process subscribes again once it is back (by itself, not by
 * ioredis: ioredis's re-subscription left an unhandled rejection when a process closed before it
 * finished — seen once in the outage test; this test checks that nothing is left unhandled but
 * cannot force that timing).
 */
describe('content notices through a Redis that restarts', () => {
  let redis: TestRedisServer;
  let a: SharedThroughRedis;
  let b: SharedThroughRedis;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    redis = await startRedisServer();
    const prefix = `test-notices-${Date.now()}:`;
    a = await redisSharing(redis.url, prefix);
    b = await redisSharing(redis.url, prefix);
    await Promise.all([a.notices.ready(), b.notices.ready()]);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await redis?.stop();
  });

  it('are heard before and after the restart, never by the sender', async () => {
    let heardByA = 0;
    let heardByB = 0;
    a.notices.listen(() => heardByA++);
    b.notices.listen(() => heardByB++);

    a.notices.announce();
    await vi.waitFor(() => expect(heardByB).toBe(1), { timeout: 5_000, interval: 20 });

    const port = Number(new URL(redis.url).port);
    await redis.stop();
    redis = await startRedisServer(port);
    // Announced until heard: the subscriber comes back on its own schedule of reconnections.
    await vi.waitFor(
      () => {
        a.notices.announce();
        expect(heardByB).toBeGreaterThan(1);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(heardByA).toBe(0);

    // Closed at once, while the subscription made after the restart may still be on its way.
    await Promise.all([a.close(), b.close()]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  }, 40_000);
});
