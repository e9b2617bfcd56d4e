import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZSearchCollectionsResponseSchema } from '#common/contracts/search.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ERROR_MESSAGES } from '#common/messages.ts';
import { newReader } from '../factories/reader.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import type { MailCatcher } from '../support/mail-catcher.ts';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.ts';
import { registerReader, type TestApp } from '../support/test-app.ts';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes.ts';

/**
 * Redis stops while two processes count in it (REDIS_URL, decision 0038): every request that must
 * count answers a 503 of its own with Retry-After and writes nothing, reading goes on, /readyz stays
 * 200 and names Redis as degraded (as does the metric), each process logs the outage once, and
 * counting resumes when Redis is back.
 */
const engines = await availableEngines();
const TOKEN = 'ma-do-luong-thu-nghiem-0123456789';

interface LogLine {
  level: number;
  msg: string;
  connection?: string;
}

describe.each(engines)('Redis stopped under two processes on %s', (engine) => {
  let redis: TestRedisServer;
  let port: number;
  let processes: TwoProcesses;
  let mail: MailCatcher;
  const logs = { a: [] as LogLine[], b: [] as LogLine[] };
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    port = Number(new URL(redis.url).port);
    // Each process's log lines, read back as JSON.
    const loggerOf = (process: 'a' | 'b') => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean))
            logs[process].push(JSON.parse(line) as LogLine);
          done();
        },
      });
      return pino({ level: 'info' }, sink);
    };
    processes = await startTwoProcesses(engine, {
      redisUrl: redis.url,
      loggerOf,
      withMetrics: true,
      env: { METRICS_TOKEN: TOKEN },
    });
    ({ a, b, mail } = processes);
  });
  afterAll(async () => {
    await processes?.close();
    await redis?.stop();
  });

  const apiA = apiClient(() => a);
  const apiB = apiClient(() => b);
  const savedSearches = async (token: string) =>
    ZSearchCollectionsResponseSchema.parse(await (await apiA.get('/search_collections', { as: token })).json()).data
      .items;
  const outageLines = (lines: LogLine[]) => lines.filter((l) => l.msg.startsWith('redis does not answer'));
  const readiness = async (t: TestApp) => {
    const res = await t.app.request('/readyz');
    return { status: res.status, text: await res.text() };
  };
  const redisUpMetric = async (t: TestApp) => {
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    return /^phapbao_dependency_up\{dependency="redis"\} (\d)$/m.exec(await res.text())?.[1];
  };
  const expectUnavailable = async (res: Response) => {
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    const body = ZErrorResponseSchema.parse(await res.json());
    expect(body.errorCode).toBe('SERVICE_UNAVAILABLE');
    expect(body.errorMessage).toBe(ERROR_MESSAGES.SERVICE_UNAVAILABLE);
  };

  it('stays ready for readers, answers 503 with Retry-After for every counted request, writes nothing, logs once, and recovers', async () => {
    const token = await registerReader(a);
    expect((await apiA.post('/search_collections', { query: 'trước khi dừng' }, { as: token })).status).toBe(201);
    expect(await readiness(a)).toEqual({ status: 200, text: JSON.stringify({ status: 'ready' }) });
    expect(await redisUpMetric(a)).toBe('1');

    await redis.stop();

    // Still ready for readers: /readyz names Redis as degraded, and only by name (not its address).
    const degraded = await readiness(a);
    expect(degraded.status).toBe(200);
    expect(JSON.parse(degraded.text)).toEqual({ status: 'ready', degraded: ['redis'] });
    expect(degraded.text).not.toContain(String(port));
    expect(await redisUpMetric(a)).toBe('0');
    expect((await b.app.request('/healthz')).status).toBe(200);

    const stranger = newReader();
    const mailsBefore = mail.mails.length;
    for (const api of [apiA, apiB]) {
      await expectUnavailable(await api.post('/public/user/login', { username: 'ai-do', password: 'sai-mat-khau' }));
      await expectUnavailable(
        await api.post('/public/user/register', { ...stranger, confirmPassword: stranger.password }),
      );
      await expectUnavailable(await api.post('/public/user/forgot_password', { email: stranger.email }));
      await expectUnavailable(await api.post('/search_collections', { query: 'trong lúc dừng' }, { as: token }));
      await expectUnavailable(await api.get(`/public/dictionary/lookup?${new URLSearchParams({ text: '心' })}`));
      await expectUnavailable(await api.get(`/public/dictionary/term?${new URLSearchParams({ term: 'bát nhã' })}`));
    }
    // Reading needs no count.
    expect((await apiB.get('/public/search/keywords')).status).toBe(200);
    expect((await savedSearches(token)).map((s) => s.query)).toEqual(['trước khi dừng']);

    // One line per process for the outage (whether a probe or a count met it first), one per lost
    // connection; no "server error" per request.
    for (const lines of [logs.a, logs.b]) {
      expect(outageLines(lines)).toHaveLength(1);
      expect(lines.filter((l) => l.msg === 'server error' || l.msg === 'unhandled error')).toEqual([]);
      for (const connection of ['commands', 'notices']) {
        expect(
          lines.filter((l) => l.msg.startsWith('redis connection lost') && l.connection === connection),
        ).toHaveLength(1);
      }
    }

    redis = await startRedisServer(port);
    await vi.waitFor(async () => expect(JSON.parse((await readiness(a)).text)).toEqual({ status: 'ready' }), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await redisUpMetric(a)).toBe('1');
    await vi.waitFor(
      async () =>
        expect((await apiB.post('/search_collections', { query: 'sau khi chạy lại' }, { as: token })).status).toBe(201),
      { timeout: 15_000, interval: 200 },
    );
    expect((await savedSearches(token)).map((s) => s.query).sort()).toEqual(['sau khi chạy lại', 'trước khi dừng']);
    // The sign-up refused during the outage made no account; no reset mail went out.
    expect(
      (await apiA.post('/public/user/login', { username: stranger.username, password: stranger.password })).status,
    ).toBe(401);
    expect(mail.mails.length).toBe(mailsBefore);
    expect(logs.b.filter((l) => l.msg === 'redis answers again: counting resumed')).toHaveLength(1);
    expect(outageLines(logs.b)).toHaveLength(1);
    expect(outageLines(logs.a)).toHaveLength(1);
    // Each refused request may wait up to the 2 s command timeout: more than the default on a loaded machine.
  }, 120_000);
});
