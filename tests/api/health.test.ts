import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createMetrics } from '#server/http/metrics.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { createHealthService } from '#server/services/health.service.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The balancer's probes: /healthz (alive, no database) and /readyz (the database answers, not
 * shutting down; Redis only degrades it).
 */
const engines = await availableEngines();
const TOKEN = 'ma-do-luong-thu-nghiem-0123456789';

describe.each(engines)('health probes on %s', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const fresh = async () => {
    const t = await createTestApp(engine, { demo: false });
    apps.push(t);
    return t;
  };

  it('answers /healthz and /readyz 200, never to be cached', async () => {
    const t = await fresh();
    const alive = await t.app.request('/healthz');
    expect(alive.status).toBe(200);
    expect(alive.headers.get('cache-control')).toBe('no-store');
    expect(await alive.json()).toEqual({ status: 'ok' });
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz 503 "shutting-down" once the shutdown began, while /healthz stays 200', async () => {
    const t = await fresh();
    t.services.health.beginShutdown();
    const res = await t.app.request('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'not-ready', reason: 'shutting-down' });
    expect((await t.app.request('/healthz')).status).toBe(200);
  });

  it('answers /readyz 503 "database" when the database does not answer; /healthz does not ask it', async () => {
    const t = await fresh();
    await t.db.database.close();
    const res = await t.app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not-ready', reason: 'database' });
    expect((await t.app.request('/healthz')).status).toBe(200);
  });
});

describe('readiness with a database that hangs', () => {
  it('gives up after its timeout and answers "database"', async () => {
    const t = await createTestApp('sqlite', { demo: false });
    try {
      const repos = createRepositories(t.db.database.db);
      const hanging = { ...repos, meta: { ...repos.meta, ping: () => new Promise<void>(() => {}) } };
      const health = createHealthService({ repos: hanging, timeoutMs: 20 });
      expect(await health.readiness()).toEqual({ ready: false, reason: 'database' });
      expect(await createHealthService({ repos, timeoutMs: 1_000 }).readiness()).toEqual({ ready: true, degraded: [] });
    } finally {
      await t.close();
    }
  });
});

describe('readiness with a dependency besides the database (Redis)', () => {
  it('stays ready and names the dependency that does not answer, or hangs, as degraded; the database alone fails it', async () => {
    const t = await createTestApp('sqlite', { demo: false });
    try {
      const repos = createRepositories(t.db.database.db);
      const refusing = {
        name: 'redis' as const,
        ping: () => Promise.reject(new Error('redis://:secret@10.0.0.6 refused')),
      };
      const hanging = { name: 'redis' as const, ping: () => new Promise<void>(() => {}) };
      const answering = { name: 'redis' as const, ping: () => Promise.resolve() };
      const health = (dependency: typeof answering, r = repos) =>
        createHealthService({ repos: r, dependencies: [dependency], timeoutMs: 20 });
      expect(await health(refusing).readiness()).toEqual({ ready: true, degraded: ['redis'] });
      expect(await health(hanging).readiness()).toEqual({ ready: true, degraded: ['redis'] });
      expect(await health(answering).readiness()).toEqual({ ready: true, degraded: [] });
      expect(await health(hanging).dependencies()).toEqual([{ name: 'redis', up: false }]);
      expect(await health(answering).dependencies()).toEqual([{ name: 'redis', up: true }]);
      const deadDatabase = { ...repos, meta: { ...repos.meta, ping: () => Promise.reject(new Error('down')) } };
      expect(await health(refusing, deadDatabase).readiness()).toEqual({ ready: false, reason: 'database' });
      expect(await health(answering, deadDatabase).readiness()).toEqual({ ready: false, reason: 'database' });
    } finally {
      await t.close();
    }
  });

  it('answers /readyz 200 with "degraded": ["redis"] and the metric 0 while Redis does not answer, 1 when it does', async () => {
    let redisAnswers = false;
    const metrics = createMetrics();
    const t = await createTestApp('sqlite', {
      demo: false,
      env: { METRICS_TOKEN: TOKEN },
      metrics,
      readinessDependencies: [
        {
          name: 'redis',
          ping: () =>
            redisAnswers ? Promise.resolve() : Promise.reject(new Error('redis://:secret@10.0.0.6 refused')),
        },
      ],
    });
    const redisUp = async () => {
      const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      return /^phapbao_dependency_up\{dependency="redis"\} (\d)$/m.exec(await res.text())?.[1];
    };
    try {
      const degraded = await t.app.request('/readyz');
      expect(degraded.status).toBe(200);
      expect(degraded.headers.get('cache-control')).toBe('no-store');
      const text = await degraded.text();
      expect(JSON.parse(text)).toEqual({ status: 'ready', degraded: ['redis'] });
      expect(text).not.toContain('secret');
      expect(await redisUp()).toBe('0');

      redisAnswers = true;
      expect(await (await t.app.request('/readyz')).json()).toEqual({ status: 'ready' });
      expect(await redisUp()).toBe('1');

      redisAnswers = false;
      await t.db.database.close();
      const res = await t.app.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not-ready', reason: 'database' });
    } finally {
      await t.close();
    }
  });
});

describe('the request log', () => {
  it('leaves out the probes and keeps other requests', async () => {
    const t = await createTestApp('sqlite', { demo: false });
    try {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const app = createApp({
        services: t.services,
        env: t.env,
        logger: pino({ level: 'info' }, sink),
        media: {} as never,
      });
      for (let i = 0; i < 5; i++) {
        expect((await app.request('/healthz')).status).toBe(200);
        expect((await app.request('/readyz')).status).toBe(200);
      }
      expect((await app.request('/api/v1/public/search/keywords')).status).toBe(200);
      const logged = lines.map((line) => (JSON.parse(line) as { path?: string }).path);
      expect(logged).toEqual(['/api/v1/public/search/keywords']);
    } finally {
      await t.close();
    }
  });
});
