// `npm run bench:counters`: what one count of a shared limit costs (decision 0038) — every login
// attempt, password-reset request and reader's write makes one. Counts N times one after another
// and N times 16 at once in each store: the database's rate_windows on SQLite (a file) and on
// PostgreSQL (TEST_DATABASE_URL / DATABASE_URL, else 127.0.0.1:5432 when it answers), and Redis
// (REDIS_URL, else 127.0.0.1:6379 when it answers). Asserts nothing.
//
//   npm run bench:counters -- [--count 2000]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { createRepositories } from '#server/repositories/index.ts';
import { createDatabaseCounters, type SharedCounters } from '#server/services/shared-counters.ts';
import { createRedisCounters } from '#server/shared/redis-counters.ts';
import { answers, benchDatabases } from './lib/databases.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '2000' } } });
const count = Number(values.count);
const out = (line: string) => process.stdout.write(`${line}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(name: string, counters: SharedCounters) {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await counters.hitWindow(`bench:${i % 50}`, Date.now(), 60_000);
    times.push(performance.now() - t);
  }
  const serialSeconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const parallelStarted = performance.now();
  for (let i = 0; i < count; i += 16) {
    await Promise.all(
      Array.from({ length: 16 }, (_, j) => counters.hitWindow(`bench-p:${(i + j) % 50}`, Date.now(), 60_000)),
    );
  }
  const parallelSeconds = (performance.now() - parallelStarted) / 1000;
  out(
    `| ${name.padEnd(24)} | ${Math.round(count / serialSeconds)
      .toString()
      .padStart(7)} | ${percentile(times, 0.5).toFixed(2).padStart(7)} | ${percentile(times, 0.99)
      .toFixed(2)
      .padStart(7)} | ${Math.round(count / parallelSeconds)
      .toString()
      .padStart(12)} |`,
  );
}

out(
  `${count} counts per store; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
out('| store                    | count/s | p50 ms  | p99 ms  | 16 at once/s |');
out('| ------------------------ | ------- | ------- | ------- | ------------ |');

const databases = await benchDatabases('counters');
const cleanups: (() => Promise<void> | void)[] = [databases.close];
try {
  await measure('rate_windows, SQLite', createDatabaseCounters(createRepositories(databases.sqlite.db).rateWindows));
  if (databases.postgres) {
    await measure(
      'rate_windows, PostgreSQL',
      createDatabaseCounters(createRepositories(databases.postgres.db).rateWindows),
    );
  } else out('(no PostgreSQL answers: skipped)');

  const redisUrl = process.env.REDIS_URL ?? ((await answers('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : null);
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    cleanups.push(async () => {
      await redis.quit();
    });
    const prefix = `bench-${process.pid}:`;
    await measure('Redis', createRedisCounters(redis, prefix));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } else out('(no Redis answers: skipped)');
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
