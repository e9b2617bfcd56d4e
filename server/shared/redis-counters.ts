import type { Redis } from 'ioredis';
import type { SharedCounters } from '#server/services/shared-counters.ts';

/**
 * The shared counters in Redis (REDIS_URL, decision 0038): one hash per key (count, start, end),
 * changed by one Lua script, so concurrent counts from any process are atomic. The caller's clock
 * decides whether a window is over (as with the database's rate_windows); Redis's own expiry only
 * throws away what has ended.
 */
const HIT = `
local now = tonumber(ARGV[1])
local life = tonumber(ARGV[2])
local restart = ARGV[3] == '1'
local v = redis.call('HMGET', KEYS[1], 'count', 'started', 'expires')
local count, started, expires
if (not v[1]) or tonumber(v[3]) <= now then
  count = 1; started = now; expires = now + life
else
  count = tonumber(v[1]) + 1
  if restart then started = now; expires = now + life
  else started = tonumber(v[2]); expires = tonumber(v[3]) end
end
redis.call('HSET', KEYS[1], 'count', count, 'started', string.format('%d', started), 'expires', string.format('%d', expires))
redis.call('PEXPIRE', KEYS[1], math.max(expires - now, 1))
return {count, string.format('%d', started), string.format('%d', expires)}
`;

export function createRedisCounters(redis: Redis, prefix = 'phap-bao:rate:'): SharedCounters {
  async function hit(key: string, now: number, lifetimeMs: number, restart: boolean) {
    const [count, started, expires] = (await redis.eval(
      HIT,
      1,
      prefix + key,
      String(now),
      String(lifetimeMs),
      restart ? '1' : '0',
    )) as [number, string, string];
    return { count: Number(count), startedAt: Number(started), expiresAt: Number(expires) };
  }

  return {
    hitWindow: (key, now, windowMs) => hit(key, now, windowMs, false),
    hitFailure: (key, now, forgetAfterMs) => hit(key, now, forgetAfterMs, true),
    async find(key, now) {
      const [count, started, expires] = await redis.hmget(prefix + key, 'count', 'started', 'expires');
      if (count === null || Number(expires) <= now) return null;
      return { count: Number(count), startedAt: Number(started) };
    },
    async remove(key) {
      await redis.del(prefix + key);
    },
    async countLive(keyPrefix, now) {
      let live = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}${keyPrefix}*`, 'COUNT', 500);
        cursor = next;
        for (const key of keys) {
          const expires = await redis.hget(key, 'expires');
          if (expires !== null && Number(expires) > now) live++;
        }
      } while (cursor !== '0');
      return live;
    },
  };
}
