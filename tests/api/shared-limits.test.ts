import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import { newReader } from '../factories/reader.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { testRedis, type TestRedisServer } from '../support/redis-server.ts';
import { registerReader, type TestApp } from '../support/test-app.ts';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes.ts';

/**
 * Two app processes (two apps on one database) behind one balancer: every limit is counted once
 * for both, in the database's rate_windows or, with REDIS_URL, in Redis (decisions 0029, 0038).
 */
const engines = await availableEngines();
const stores = ['database', 'redis'] as const;
const LIMITS = { writes: 6, perAddress: 3, perEmail: 2, perIp: 4 };

describe.each(engines.flatMap((engine) => stores.map((store) => [engine, store] as const)))(
  'limits shared by two processes on %s, counted in the %s',
  (engine, store) => {
    let redis: TestRedisServer | null = null;
    let processes: TwoProcesses;
    let a: TestApp;
    let b: TestApp;
    let nextAddress = 1;

    beforeAll(async () => {
      if (store === 'redis') redis = await testRedis();
      processes = await startTwoProcesses(engine, {
        redisUrl: redis?.url,
        app: {
          accountLimits: { writes: LIMITS.writes, writeWindowMs: 60_000 },
          recoveryLimits: { perAddress: LIMITS.perAddress, perEmail: LIMITS.perEmail },
          loginThrottle: { perIp: LIMITS.perIp, windowMs: 60_000, freeFailures: 100 },
        },
        env: { TRUST_PROXY: 'true' },
      });
      ({ a, b } = processes);
    });
    afterAll(async () => {
      await processes?.close();
      await redis?.stop();
    });

    const apiA = apiClient(() => a);
    const apiB = apiClient(() => b);
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const freshAddress = () => `198.51.100.${nextAddress++}`;

    it('the write budget of one account holds across both processes, and is the account’s own', async () => {
      const token = await registerReader(a);
      const other = await registerReader(b);
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.writes + 2; i++) {
        const api = i % 2 ? apiB : apiA;
        statuses.push((await api.post('/search_collections', { query: `bát nhã ${i}` }, { as: token })).status);
      }
      // One process alone would have allowed 6 here, two 12: together they allow 6.
      expect(statuses).toEqual([...Array<number>(LIMITS.writes).fill(201), 429, 429]);
      const refused = await apiB.post('/search_collections', { query: 'thêm nữa' }, { as: token });
      expect(ZErrorResponseSchema.parse(await refused.json()).errorMessage).toMatch(/thao tác quá nhanh/);
      // Another reader's budget is untouched.
      expect((await apiA.post('/search_collections', { query: 'kinh' }, { as: other })).status).toBe(201);
    });

    it('password-reset requests from one address are counted once for both processes', async () => {
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.perAddress + 1; i++) {
        const api = i % 2 ? apiB : apiA;
        statuses.push(
          (await api.post('/public/user/forgot_password', { email: `ai${i}@example.org` }, from(ip))).status,
        );
      }
      expect(statuses).toEqual([...Array<number>(LIMITS.perAddress).fill(200), 429]);
      const refused = await apiA.post('/public/user/forgot_password', { email: 'khac@example.org' }, from(ip));
      expect(refused.status).toBe(429);
      expect(ZErrorResponseSchema.parse(await refused.json()).errorMessage).toBe(RECOVERY_MESSAGES.tooMany);
      // Another address is still served.
      expect(
        (await apiB.post('/public/user/forgot_password', { email: 'khac@example.org' }, from(freshAddress()))).status,
      ).toBe(200);
    });

    it('password-reset requests for one e-mail are counted once for both processes, from any address', async () => {
      const email = newReader().email;
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.perEmail + 1; i++) {
        const api = i % 2 ? apiB : apiA;
        statuses.push((await api.post('/public/user/forgot_password', { email }, from(freshAddress()))).status);
      }
      expect(statuses).toEqual([...Array<number>(LIMITS.perEmail).fill(200), 429]);
    });

    it('login attempts from one address are counted once for both processes', async () => {
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.perIp + 1; i++) {
        const api = i % 2 ? apiB : apiA;
        statuses.push(
          (await api.post('/public/user/login', { username: `khach-${i}`, password: 'sai-mat-khau' }, from(ip))).status,
        );
      }
      expect(statuses).toEqual([...Array<number>(LIMITS.perIp).fill(401), 429]);
    });

    if (store === 'redis') {
      it('a change of the search index through one process is announced to the other, which drops its caches', async () => {
        const heardByB = vi.spyOn(b.services.search, 'invalidate');
        const heardByA = vi.spyOn(a.services.search, 'invalidate');
        await a.services.searchIndexer.rebuild();
        await vi.waitFor(() => expect(heardByB).toHaveBeenCalled(), { timeout: 5000 });
        // A dropped its own once, and did not hear its own notice again.
        expect(heardByA).toHaveBeenCalledTimes(1);
      });
    }
  },
);
