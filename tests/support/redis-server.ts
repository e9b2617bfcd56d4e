import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
// @ts-expect-error plain ESM helper without types
import { ensureRedisServer } from '../../scripts/ensure-system-tools.mjs';
import { createLogger, type Logger } from '#server/logger.ts';
import { openRedis, type SharedThroughRedis } from '#server/shared/open-redis.ts';

function answers(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestRedisServer {
  url: string;
  /** Whether this file started it (then stop() ends it). */
  started: boolean;
  stop(): Promise<void>;
}

/**
 * Debian's redis-server started on `port` (a free one when not given: a test that stopped its
 * Redis starts it again where the apps look), nothing saved to disk (installed with apt when
 * missing and root: scripts/ensure-system-tools.mjs).
 */
export async function startRedisServer(port?: number): Promise<TestRedisServer> {
  const binary = ensureRedisServer() as string;
  port ??= await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const stopAtExit = () => child.kill('SIGKILL');
  process.once('exit', stopAtExit);
  for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 50));
  if (!(await answers(port))) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not answer on port ${port}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    started: true,
    async stop() {
      process.removeListener('exit', stopAtExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The Redis of the tests: TEST_REDIS_URL, else the one answering at 127.0.0.1:6379, else one this
 * file starts (CI machines may have none). TEST_REDIS_START=1 always starts one.
 */
export async function testRedis(): Promise<TestRedisServer> {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, started: false, stop: async () => {} };
  if (process.env.TEST_REDIS_START !== '1' && (await answers(6379))) {
    return { url: 'redis://127.0.0.1:6379', started: false, stop: async () => {} };
  }
  return startRedisServer();
}

/**
 * What one app process opens with REDIS_URL (server/shared/open-redis.ts, the very function), under
 * a key prefix of its own so test files sharing one Redis never count together.
 */
export function redisSharing(
  url: string,
  prefix = `test-${crypto.randomUUID()}:`,
  logger: Logger = createLogger('silent'),
): Promise<SharedThroughRedis> {
  return openRedis(url, logger, { keyPrefix: prefix });
}
