import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '#common/messages.ts';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.ts';
import { startLibraryServer, type LibraryServer } from './support/library-server.ts';

/**
 * The built server started with REDIS_URL (server/main.ts wires Redis into the limits, /readyz and
 * the metrics): Redis stopped under it, then started again on the same port. The API tests
 * (tests/api/shared-limits-outage.test.ts) check every counted request on both engines; this
 * checks the process as deployed: its probe, its answers and its log.
 */
describe('the built server when its Redis stops', () => {
  let redis: TestRedisServer | undefined;
  let server: LibraryServer | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-redis-outage-'));
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await redis?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = () =>
    fetch(`${server!.baseURL}/api/v1/public/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'khach-la', password: 'sai-mat-khau' }),
    });
  const TOKEN = 'ma-do-luong-thu-nghiem-0123456789';
  const readiness = async () => {
    const res = await fetch(`${server!.baseURL}/readyz`);
    return { status: res.status, text: await res.text() };
  };
  const redisUpMetric = async () => {
    const res = await fetch(`${server!.baseURL}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return /^phapbao_dependency_up\{dependency="redis"\} (\d)$/m.exec(await res.text())?.[1];
  };
  const outageLines = () =>
    server!
      .output()
      .split('\n')
      .filter((line) => line.includes('redis does not answer'));

  it('stays ready for readers with Redis named degraded, answers 503 with Retry-After to a login, logs it once, and recovers', async () => {
    redis = await startRedisServer();
    const port = new URL(redis.url).port;
    server = await startLibraryServer({ DATA_DIR: dataDir, REDIS_URL: redis.url, METRICS_TOKEN: TOKEN });
    expect(await readiness()).toEqual({ status: 200, text: JSON.stringify({ status: 'ready' }) });
    expect(await redisUpMetric()).toBe('1');
    expect((await login()).status).toBe(401);

    await redis.stop();
    const degraded = await readiness();
    expect(degraded.status).toBe(200);
    expect(JSON.parse(degraded.text)).toEqual({ status: 'ready', degraded: ['redis'] });
    expect(degraded.text).not.toContain(port);
    expect(await redisUpMetric()).toBe('0');
    for (let i = 0; i < 3; i++) {
      const refused = await login();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
        ERROR_MESSAGES.SERVICE_UNAVAILABLE,
      );
    }
    // Reading needs no count.
    expect((await fetch(`${server.baseURL}/api/v1/public/search/keywords`)).status).toBe(200);
    expect(outageLines()).toHaveLength(1);
    expect(server.output()).not.toContain('server error');

    redis = await startRedisServer(Number(port));
    await vi.waitFor(async () => expect(JSON.parse((await readiness()).text)).toEqual({ status: 'ready' }), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await redisUpMetric()).toBe('1');
    await vi.waitFor(async () => expect((await login()).status).toBe(401), { timeout: 15_000, interval: 200 });
    expect(outageLines()).toHaveLength(1);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
