import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ERROR_MESSAGES } from '#common/messages.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { createDatabaseCounters } from '#server/services/shared-counters.ts';
import { newReader } from '../factories/reader.ts';
import { factories } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { countersOutage } from '../support/counters-outage.ts';
import { availableEngines } from '../support/databases.ts';
import { operationsOf } from '../support/hostile-requests.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';
import { ACCESS_RULES, type Fixtures, type OwnerCall, type Rule } from './access-rules.ts';

/**
 * The access matrix of the API: every route of the app (its route table and its OpenAPI document)
 * × anonymous, the owner, another reader, a moderator and an admin, by the rule of
 * tests/api/access-rules.ts. A route without a rule fails here. And every call that must count
 * (a login, a reader's write…) answers 503 while the shared counters do not answer, exactly where
 * the document says it can.
 */
const engines = await availableEngines();

/** A path parameter that names nothing: refusals are checked without touching real rows. */
const ABSENT: Record<string, string> = {
  id: '2147483647',
  code: 'khong-co-dau',
  chapter: 'khong-co',
  provider: 'khong-co',
};
const fillAbsent = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => ABSENT[name] ?? 'khong-co');

/** The public calls that count (by address or e-mail), each with a request that passes validation. */
const COUNTED_PUBLIC_CALLS: Record<string, () => OwnerCall> = {
  'POST /public/user/login': () => ({ body: { username: 'khach-la', password: 'sai-mat-khau' } }),
  'POST /public/user/register': () => {
    const account = newReader();
    return { body: { ...account, confirmPassword: account.password } };
  },
  'POST /public/user/forgot_password': () => ({ body: { email: newReader().email } }),
  'GET /public/dictionary/lookup': () => ({ path: `/public/dictionary/lookup?${new URLSearchParams({ text: '心' })}` }),
  'GET /public/dictionary/term': () => ({
    path: `/public/dictionary/term?${new URLSearchParams({ term: 'bát nhã' })}`,
  }),
};

describe.each(engines)('access matrix of the API on %s', (engine) => {
  let t: TestApp;
  let otherToken: string;
  let moderatorToken: string;
  let adminToken: string;
  let talkId: number;
  let book: Fixtures['book'];
  let routeKeys: string[];
  let mail: MailCatcher;
  const outage = countersOutage();

  const api = apiClient(() => t);
  const idOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return z.object({ data: z.object({ id: z.number() }) }).parse(await res.json()).data.id;
  };

  /** A fresh reader and the makers of their things. */
  const freshOwner = async (): Promise<{ token: string; fixtures: Fixtures }> => {
    const account = newReader();
    const res = await api.post('/public/user/register', { ...account, confirmPassword: account.password });
    const token = ZSessionResponseSchema.parse(await res.json()).data.token;
    const fixtures: Fixtures = {
      talkId,
      book,
      password: account.password,
      note: async () =>
        idOf(await api.post('/notes', { color: 'red', content: 'Lời dạy', sourceTitle: 'Kinh' }, { as: token })),
      group: async () => idOf(await api.post('/note_groups', { name: 'Nhóm' }, { as: token })),
      playlist: async () => idOf(await api.post('/create_playlist', { name: 'Danh sách' }, { as: token })),
      async playlistItem() {
        const playlistId = await fixtures.playlist();
        const added = await api.post(
          '/create_playlist_item',
          {
            audioPlaylistItems: [{ playlistId, audioId: talkId }],
          },
          { as: token },
        );
        expect(added.status).toBeLessThan(300);
        const items = z
          .object({ data: z.object({ items: z.array(z.object({ id: z.number() })) }) })
          .parse(await (await api.get(`/get_playlist_items/${playlistId}`, { as: token })).json());
        return { playlistId, itemId: items.data.items[0]!.id };
      },
      bookmark: async () => idOf(await api.post('/create_bookmark', { audioId: talkId, time: 1 }, { as: token })),
      savedSearch: async () => idOf(await api.post('/search_collections', { query: 'bát nhã' }, { as: token })),
      correction: async () =>
        idOf(
          await api.post(
            '/corrections',
            { chapterCode: book.chapterCode, anchor: 'p-1', proposedText: `Đoạn văn đã sửa ${crypto.randomUUID()}` },
            { as: token },
          ),
        ),
      async favorite(bookCode) {
        expect((await api.post('/favorite_books', { bookCode }, { as: token })).status).toBe(201);
      },
    };
    return { token, fixtures };
  };

  beforeAll(async () => {
    // SMTP settings, so that "forgot password" counts its requests (without them it answers 404 first).
    mail = await startMailCatcher();
    t = await createTestApp(engine, {
      demo: false,
      loginThrottle: { perIp: 100_000, freeFailures: 100_000, windowMs: 60_000 },
      accountLimits: { writes: 100_000 },
      counters: outage.counters,
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        MAIL_FROM: 'Pháp Bảo <khong-tra-loi@phapbao.example.org>',
      },
    });
    outage.attach(createDatabaseCounters(createRepositories(t.db.database.db).rateWindows));
    otherToken = await registerReader(t);
    adminToken = (await loginAdmin(t)).token;
    moderatorToken = await registerReader(t);
    const me = z
      .object({ data: z.object({ id: z.number() }) })
      .parse(await (await api.get('/me', { as: moderatorToken })).json());
    expect((await api.put(`/admin/users/${me.data.id}/role`, { role: 'moderator' }, { as: adminToken })).status).toBe(
      200,
    );
    const make = factories(t);
    talkId = (await make.talk()).id;
    const made = await make.book();
    book = { code: made.code, chapterCode: made.chapters[0]!.code };

    // Every route twice over: as the OpenAPI document describes it and as the router holds it.
    const doc = await (await t.app.request('/api/v1/openapi.json')).json();
    const documented = operationsOf(doc).map((op) => `${op.method} ${op.path}`);
    const routed = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`);
    routeKeys = [...new Set([...documented, ...routed])].sort();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('has a rule for every route, and no rule for a route that is gone', () => {
    const missing = routeKeys.filter((key) => !(key in ACCESS_RULES) && key !== 'GET /openapi.json');
    const stale = Object.keys(ACCESS_RULES).filter((key) => !routeKeys.includes(key));
    expect(missing, 'routes without a rule in tests/api/access-rules.ts').toEqual([]);
    expect(stale, 'rules for routes that do not exist').toEqual([]);
  });

  it('answers every route as its rule says, for every role', async () => {
    const failures: string[] = [];
    let checks = 0;
    const expectStatus = (key: string, role: string, status: number, ok: (s: number) => boolean, want: string) => {
      checks += 1;
      if (!ok(status)) failures.push(`${key} as ${role}: ${status}, expected ${want}`);
    };
    const passes = (s: number) => s !== 401 && s !== 403 && s < 500;

    for (const key of routeKeys) {
      const rule: Rule | undefined = ACCESS_RULES[key];
      if (!rule) continue; // reported by the test above
      const [method, routePath] = key.split(' ') as [string, string];
      const absent = fillAbsent(routePath);

      if (rule.access === 'public') {
        expectStatus(key, 'anonymous', (await api.request(method, absent, undefined)).status, passes, 'not refused');
        continue;
      }
      if (rule.access === 'admin' || rule.access === 'moderator') {
        expectStatus(key, 'anonymous', (await api.request(method, absent, undefined)).status, (s) => s === 401, '401');
        expectStatus(
          key,
          'reader',
          (await api.request(method, absent, undefined, { as: otherToken })).status,
          (s) => s === 403,
          '403',
        );
        const moderatorStatus = (await api.request(method, absent, undefined, { as: moderatorToken })).status;
        if (rule.access === 'admin') expectStatus(key, 'moderator', moderatorStatus, (s) => s === 403, '403');
        else expectStatus(key, 'moderator', moderatorStatus, passes, 'passes');
        expectStatus(
          key,
          'admin',
          (await api.request(method, absent, undefined, { as: adminToken })).status,
          passes,
          'passes',
        );
        continue;
      }

      // reader, owner, private-to-others: each with a fresh owner and their own things.
      const { token, fixtures } = await freshOwner();
      const request = 'request' in rule ? rule.request : undefined;
      const ownerCall: OwnerCall = request ? await request(fixtures) : {};
      const path = ownerCall.path ?? absent;
      if (rule.access === 'private-to-others') {
        expectStatus(
          key,
          'anonymous',
          (await api.request(method, path, ownerCall.body)).status,
          (s) => s === 404,
          '404',
        );
        expectStatus(
          key,
          'other reader',
          (await api.request(method, path, ownerCall.body, { as: otherToken })).status,
          (s) => s === 404,
          '404',
        );
        continue;
      }
      expectStatus(key, 'anonymous', (await api.request(method, path, ownerCall.body)).status, (s) => s === 401, '401');
      if (rule.access === 'owner') {
        // Before the owner's own call: had it changed or removed anything, the owner's call would fail.
        expectStatus(
          key,
          'other reader',
          (await api.request(method, path, ownerCall.body, { as: otherToken })).status,
          (s) => s === 404,
          '404',
        );
      }
      const ownerRes = await api.request(method, path, ownerCall.body, { as: token });
      const ownerOk = request ? (s: number) => s >= 200 && s < 300 : passes;
      expectStatus(key, 'owner', ownerRes.status, ownerOk, request ? '2xx' : 'passes');
      if (!ownerOk(ownerRes.status)) failures.push(`  ${(await ownerRes.text()).slice(0, 200)}`);
    }

    console.warn(
      `access matrix on ${engine}: ${routeKeys.length} routes, ${checks} checks, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
  it('answers 503 with Retry-After while the shared counters do not answer, exactly where the document declares it', async () => {
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const declared = Object.entries(doc.paths)
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod)
          .filter(([, op]) => '503' in op.responses)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const answered: string[] = [];
    const wrong: string[] = [];
    for (const key of routeKeys) {
      const rule: Rule | undefined = ACCESS_RULES[key];
      const [method, routePath] = key.split(' ') as [string, string];
      // Every call this suite knows how to make succeed: the owners' and readers' calls, and the counted public ones.
      let call: OwnerCall & { token?: string };
      if (rule && 'request' in rule && rule.request) {
        const { token, fixtures } = await freshOwner();
        call = { ...(await rule.request(fixtures)), token };
      } else if (key in COUNTED_PUBLIC_CALLS) {
        call = COUNTED_PUBLIC_CALLS[key]!();
      } else {
        continue;
      }
      outage.down = true;
      let res: Response;
      try {
        res = await api.request(method, call.path ?? fillAbsent(routePath), call.body, { as: call.token });
      } finally {
        outage.down = false;
      }
      if (res.status !== 503) continue;
      answered.push(key);
      const body = ZErrorResponseSchema.parse(await res.json());
      if (res.headers.get('retry-after') !== '10' || body.errorMessage !== ERROR_MESSAGES.SERVICE_UNAVAILABLE) {
        wrong.push(`${key}: Retry-After ${res.headers.get('retry-after')}, ${body.errorMessage}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(answered.sort(), 'calls answering 503 (left) against those docs/openapi.json declares it for').toEqual(
      declared,
    );
  }, 300_000);
});
