import { Redis } from 'ioredis';
import type { Logger } from '#server/logger.ts';
import type { SharedCounters } from '#server/services/shared-counters.ts';
import type { ContentNotices } from '#server/services/content-notices.ts';
import { createRedisCounters } from './redis-counters.ts';
import { createRedisNotices } from './redis-notices.ts';

export interface SharedThroughRedis {
  counters: SharedCounters;
  notices: ContentNotices;
  close(): Promise<void>;
}

/**
 * Connects to REDIS_URL (decision 0038): the rate limits count there and content notices travel
 * there. A Redis that does not answer at start stops the start, naming it. A command waits for a lost connection to come back (ioredis queues it), up to
 * `commandTimeoutMs`; a request whose limit cannot be counted then fails like one whose query failed.
 */
export async function openRedis(url: string, logger: Logger, commandTimeoutMs = 2000): Promise<SharedThroughRedis> {
  const options = { commandTimeout: commandTimeoutMs, maxRetriesPerRequest: 2, lazyConnect: true };
  const client = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, commandTimeout: undefined });
  for (const [name, connection] of [
    ['commands', client],
    ['notices', subscriber],
  ] as const) {
    connection.on('error', (error: unknown) => logger.warn({ err: error, connection: name }, 'redis connection error'));
  }
  try {
    await client.connect();
    await subscriber.connect();
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    const { hostname, port } = new URL(url);
    throw new Error(`REDIS_URL: Redis at ${hostname}:${port || 6379} does not answer (${(error as Error).message})`, {
      cause: error,
    });
  }
  return {
    counters: createRedisCounters(client),
    notices: createRedisNotices(client, subscriber, logger),
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
