import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { factories } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import {
  hostileRequest,
  operationsOf,
  seededRandom,
  VIETNAMESE_LETTER,
  type HostileRequest,
  type Realistic,
} from '../support/hostile-requests.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';

/**
 * Every operation of the app's own OpenAPI document (a new route is fuzzed without a line here),
 * called with hostile input as an anonymous visitor, a reader and an admin: no answer is a 5xx,
 * every 4xx is JSON with a Vietnamese `errorMessage`, and the app still answers afterwards.
 *
 * Seeded and reproducible: `FUZZ_SEED=123 FUZZ_REQUESTS=20000 npx vitest run --project api
 * tests/api/security-fuzz.test.ts` replays (or widens) a run; the seed is printed with the figures.
 */
const engines = await availableEngines();
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 17_2025;
/** SQLite takes the full count; PostgreSQL a share of it, to keep `npm test` short. */
const REQUESTS: Record<string, number> = {
  sqlite: Number(process.env.FUZZ_REQUESTS ?? 5_000),
  postgres: Math.ceil(Number(process.env.FUZZ_REQUESTS ?? 5_000) / 4),
};
const ROLES = ['anonymous', 'reader', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** What to print of a request that failed, enough to replay it. */
function describeRequest(role: Role, request: HostileRequest) {
  const body =
    typeof request.body === 'string'
      ? JSON.stringify(request.body.slice(0, 300))
      : request.body
        ? `<${request.body.size} bytes>`
        : '';
  return `${role} ${request.method} /api/v1${request.url.slice(0, 300)} [${request.kind}] ${JSON.stringify(request.headers)} ${body}`;
}

describe.each(engines)('hostile input to every API operation on %s', (engine) => {
  let t: TestApp;
  const tokens: Partial<Record<Role, string>> = {};
  const realistic: Realistic = { ids: [1, 2, 3], codes: [] };

  const api = apiClient(() => t);
  const idOf = async (res: Response) =>
    z.object({ data: z.object({ id: z.number() }) }).parse(await res.json()).data.id;

  /** A fuzzed call may log a role out, delete it or demote it: give it a fresh session then. */
  const renewSessions = async () => {
    for (const role of ['reader', 'admin'] as const) {
      const res = await t.app.request('/api/v1/me', { headers: { 'x-token': tokens[role]! } });
      const user = res.ok ? z.object({ data: z.object({ role: z.string() }) }).parse(await res.json()).data : null;
      if (user && (role === 'reader' || user.role === 'admin')) continue;
      tokens[role] = role === 'reader' ? await registerReader(t) : (await loginAdmin(t)).token;
    }
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      loginThrottle: { perIp: 1_000_000, freeFailures: 1_000_000, windowMs: 60_000 },
      accountLimits: { writes: 1_000_000 },
    });
    tokens.reader = await registerReader(t);
    tokens.admin = (await loginAdmin(t)).token;
    // A book and a talk of the test's own, and the reader owns one of each thing, so fuzzed codes
    // and ids sometimes name a real row.
    const make = factories(t);
    const book = await make.book();
    realistic.codes.push(book.code, book.chapters[0]!.code);
    const talk = await make.talk();
    const talkId = talk.id;
    const reader = tokens.reader;
    realistic.ids.push(
      talkId,
      talk.collection.id,
      await idOf(await api.post('/notes', { color: 'red', content: 'Lời dạy', sourceTitle: 'Kinh' }, { as: reader })),
      await idOf(await api.post('/note_groups', { name: 'Nhóm' }, { as: reader })),
      await idOf(await api.post('/create_playlist', { name: 'Danh sách' }, { as: reader })),
      await idOf(await api.post('/create_bookmark', { audioId: talkId, time: 1 }, { as: reader })),
      await idOf(await api.post('/search_collections', { query: 'bát nhã' }, { as: reader })),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers a documented JSON body sent under another media type 415, in Vietnamese', async () => {
    const res = await t.app.request('/api/v1/public/user/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ username: 'ai-do', password: 'mat-khau' }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      errorCode: 'UNSUPPORTED_MEDIA_TYPE',
      errorMessage: expect.stringMatching(VIETNAMESE_LETTER),
    });
  });

  it('answers every request below 500, each 4xx with a Vietnamese errorMessage', async () => {
    const doc = await (await t.app.request('/api/v1/openapi.json')).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const random = seededRandom(SEED);
    const total = REQUESTS[engine]!;
    const statuses: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    const failures: string[] = [];
    let serverErrors = 0;
    const started = performance.now();

    let renew = true;
    for (let i = 0; i < total; i++) {
      if (renew || i % 100 === 0) await renewSessions();
      renew = false;
      const op = operations[i % operations.length]!;
      const role = ROLES[Math.floor(i / operations.length) % ROLES.length]!;
      const request = hostileRequest(op, random, realistic);
      const headers = { ...request.headers };
      if (role !== 'anonymous') headers['x-token'] = tokens[role]!;
      else if (random.chance(0.1)) headers['x-token'] = random.pick(['x', 'null', '%00', 'a'.repeat(5000), '../..']);
      const res = await t.app.request(`/api/v1${request.url}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      // Logged out (or demoted) by the call itself: the next one starts with a live session.
      if (role !== 'anonymous' && (res.status === 401 || res.status === 403)) renew = true;
      kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
      if (res.status >= 500) {
        serverErrors += 1;
        failures.push(`${res.status} ← ${describeRequest(role, request)} → ${(await res.text()).slice(0, 200)}`);
      } else if (res.status >= 400) {
        const text = await res.text();
        let message: unknown;
        try {
          message = (JSON.parse(text) as { errorMessage?: unknown }).errorMessage;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || !VIETNAMESE_LETTER.test(message)) {
          failures.push(
            `${res.status} without a Vietnamese errorMessage ← ${describeRequest(role, request)} → ${text.slice(0, 200)}`,
          );
        }
      } else {
        await res.body?.cancel();
      }
    }

    // Still standing: an ordinary call answers as before.
    const after = await t.app.request('/api/v1/public/search/keywords');
    expect(after.status).toBe(200);
    // No `__proto__` or `constructor.prototype` key reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    console.warn(
      `fuzz on ${engine}: seed ${SEED}, ${total} requests over ${operations.length} operations × ${ROLES.length} roles ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s; 5xx: ${serverErrors}; ` +
        `statuses ${JSON.stringify(statuses)}; kinds ${JSON.stringify(kinds)}`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 900_000);
});
