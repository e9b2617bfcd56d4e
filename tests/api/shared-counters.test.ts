import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '#server/repositories/index.ts';
import { createDatabaseCounters, type SharedCounters } from '#server/services/shared-counters.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { redisSharing, testRedis, type TestRedisServer } from '../support/redis-server.ts';

/** The two stores of the shared counters (decision 0038) count alike, by the caller's clock. */
describe.each(['database', 'redis'] as const)('shared counters in the %s', (store) => {
  let counters: SharedCounters;
  let db: TestDatabase | null = null;
  let redis: TestRedisServer | null = null;
  let closeRedis: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    if (store === 'database') {
      db = await createTestDatabase('sqlite');
      counters = createDatabaseCounters(createRepositories(db.database.db).rateWindows);
    } else {
      redis = await testRedis();
      const shared = await redisSharing(redis.url);
      counters = shared.counters;
      closeRedis = shared.close;
    }
  });
  afterAll(async () => {
    await closeRedis?.();
    await redis?.stop();
    await db?.drop();
  });

  // Windows of a minute or more: Redis's own expiry (real time) never ends a key while the test runs.
  const W = 60_000;

  it('a fixed window starts with its first count and starts again once over', async () => {
    const t = Date.parse('2026-05-01T08:00:00Z');
    expect(await counters.hitWindow('w:1', t, W)).toEqual({ count: 1, startedAt: t, expiresAt: t + W });
    expect((await counters.hitWindow('w:1', t + W / 2, W)).count).toBe(2);
    expect(await counters.hitWindow('w:1', t + W - 1, W)).toMatchObject({ count: 3, expiresAt: t + W });
    expect(await counters.hitWindow('w:1', t + W, W)).toEqual({ count: 1, startedAt: t + W, expiresAt: t + 2 * W });
    expect(await counters.find('w:1', t + W + 1)).toEqual({ count: 1, startedAt: t + W });
    expect(await counters.find('w:1', t + 2 * W)).toBeNull();
  });

  it('failures are forgotten a while after the last one; remove forgets at once', async () => {
    const t = Date.parse('2026-05-01T09:00:00Z');
    await counters.hitFailure('f:1', t, W);
    await counters.hitFailure('f:1', t + W / 2, W);
    // Still alive past the first failure's end: the second moved it.
    expect(await counters.find('f:1', t + W + 1)).toEqual({ count: 2, startedAt: t + W / 2 });
    expect(await counters.find('f:1', t + W / 2 + W)).toBeNull();
    await counters.hitFailure('f:2', t, W);
    await counters.remove('f:2');
    expect(await counters.find('f:2', t)).toBeNull();
  });

  it('counts the live counters under a prefix, and every one of many concurrent counts', async () => {
    const t = Date.parse('2026-05-01T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 25 }, () => counters.hitWindow('p:same', t, W)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    await counters.hitWindow('p:other', t - W / 2, W);
    expect(await counters.countLive('p:', t)).toBe(2);
    expect(await counters.countLive('p:', t + W / 2)).toBe(1);
  });
});
