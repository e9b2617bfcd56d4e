import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '#server/logger.ts';
import type { ContentNotices } from '#server/services/content-notices.ts';

/**
 * Content notices on a Redis channel (decision 0038): `publisher` is the connection every other
 * command uses, `subscriber` one of its own (a subscribed connection does nothing else), opened
 * connected and with ioredis's `autoResubscribe: false`. Each
 * process signs its notices with a random id and ignores its own.
 */
export function createRedisNotices(
  publisher: Redis,
  subscriber: Redis,
  logger: Logger,
  channel = 'phap-bao:content-changed',
): ContentNotices {
  const self = crypto.randomUUID();
  const listeners: (() => void)[] = [];
  subscriber.on('message', (heard: string, message: string) => {
    if (heard !== channel || message === self) return;
    for (const listener of listeners) listener();
  });
  const subscribe = () =>
    subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => {
        logger.warn({ err: error }, 'redis: content notices not heard (caches still follow the database)');
      },
    );
  const subscribed = subscribe();
  // Subscribed again after each reconnection, here rather than by ioredis (the subscriber is opened
  // with autoResubscribe off): ioredis leaves its own re-subscription's promise unobserved, so a
  // connection closed before it finished (a process stopping just after Redis came back) made an
  // unhandled rejection.
  subscriber.on('ready', () => void subscribe());
  return {
    announce() {
      void publisher.publish(channel, self).catch((error: unknown) => {
        logger.warn({ err: error }, 'redis: content notice not sent (caches still follow the database)');
      });
    },
    listen(listener) {
      listeners.push(listener);
    },
    ready: () => subscribed,
  };
}
