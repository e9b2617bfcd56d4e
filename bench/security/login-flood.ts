// `npm run bench:login-flood`: what a flood of login attempts with fresh usernames costs the
// server's memory. Serves the real Hono app over HTTP (an in-memory SQLite library), sends N login
// requests (default 40,000) from one address over a kept-alive connection, then prints the RSS and
// heap before and after and what the login throttle holds. Asserts nothing; SECURITY.md states
// the policy it measures.
//
//   npm run bench:login-flood -- [--requests 40000]
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createDiskMediaStorage } from '#server/media/media-storage.ts';
import { createServices } from '#server/services/index.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '40000' } } });
const requests = Number(values.requests);
const out = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-flood-'));
try {
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'false' });
  const database = openDatabase({ sqlitePath: ':memory:' });
  await migrateToLatest(database);
  const logger = createLogger('silent');
  const media = createDiskMediaStorage(env.MEDIA_DIR);
  const services = createServices({ database, env, logger, media, demoDir: path.join(dataDir, 'none') });
  const app = createApp({ services, env, logger, media });

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, agent, method: 'POST', path: '/api/v1/public/user/login' },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.setHeader('content-type', 'application/json');
      req.end(body);
    });

  global.gc?.();
  const before = process.memoryUsage();
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const status = await post(JSON.stringify({ username: `nguoi-la-${i}-${'x'.repeat(20)}`, password: 'sai' }));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 200));
  global.gc?.();
  const after = process.memoryUsage();
  if (!global.gc) out('(run with --expose-gc for heap figures after a collection)');
  out(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; node ${process.version}`,
  );
  out(`${requests} login attempts with fresh usernames from one address in ${seconds.toFixed(1)} s`);
  out(`statuses: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}`);
  out(`RSS  ${mb(before.rss)} → ${mb(after.rss)}`);
  out(`heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}`);
  out(`throttle holds: ${JSON.stringify(await services.auth.loginThrottleSizes())}`);
  agent.destroy();
  server.close();
  await database.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
