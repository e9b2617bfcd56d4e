import { Redis } from 'ioredis';
import type { Logger } from '#server/logger.ts';
import { answerUnavailableAs503, type SharedCounters } from '#server/services/shared-counters.ts';
import type { ContentNotices } from '#server/services/content-notices.ts';
import { createDependencyWatch } from '#server/services/health.service.ts';
import { createRedisCounters } from './redis-counters.ts';
import { createRedisNotices } from './redis-notices.ts';

export interface SharedThroughRedis {
  counters: SharedCounters;
  notices: ContentNotices;
  /** Resolves when Redis answers a PING (GET /readyz, the metric), rejects when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to REDIS_URL (decision 0038): the rate limits count there and content notices travel
 * there. A Redis that does not answer at start stops the start, naming it. A command waits for a
 * lost connection to come back (ioredis queues it), up to `commandTimeoutMs`; a request whose limit
 * cannot be counted then answers 503 (`answerUnavailableAs503`), and /readyz stays 200 naming "redis"
 * as degraded: reading needs no Redis. The outage is logged once, whether a count or a probe meets it.
 * `keyPrefix` keeps the keys and channel of one library (or one test) apart from another's.
 */
export async function openRedis(
  url: string,
  logger: Logger,
  { commandTimeoutMs = 2000, keyPrefix = 'phap-bao:' }: { commandTimeoutMs?: number; keyPrefix?: string } = {},
): Promise<SharedThroughRedis> {
  const options = { commandTimeout: commandTimeoutMs, maxRetriesPerRequest: 2, lazyConnect: true };
  const client = new Redis(url, options);
  // The notices subscribe again themselves after a reconnection (server/shared/redis-notices.ts).
  const subscriber = new Redis(url, { ...options, commandTimeout: undefined, autoResubscribe: false });
  for (const [name, connection] of [
    ['commands', client],
    ['notices', subscriber],
  ] as const) {
    // ioredis reports every failed reconnection (several a second at first): one line when the
    // connection is lost, one when it is back, not one per attempt. The error's text names the
    // host and port, never the password of the address.
    let lost = false;
    connection.on('error', (error: unknown) => {
      if (lost) return;
      lost = true;
      logger.warn({ err: error, connection: name }, 'redis connection lost: reconnecting');
    });
    connection.on('ready', () => {
      if (!lost) return;
      lost = false;
      logger.info({ connection: name }, 'redis connection back');
    });
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
  const watch = createDependencyWatch(logger, 'redis');
  return {
    counters: answerUnavailableAs503(createRedisCounters(client, `${keyPrefix}rate:`), watch),
    notices: createRedisNotices(client, subscriber, logger, `${keyPrefix}content-changed`),
    async ping() {
      try {
        await client.ping();
      } catch (error) {
        watch.failed(error);
        throw error;
      }
      watch.answered();
    },
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
