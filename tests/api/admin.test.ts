import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAuditPageSchema } from '#common/contracts/admin.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { makeSilentMp3 } from '../factories/import-files.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('administration API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let adminName: string;
  let reader: string;
  let moderator: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false, env: { UPLOAD_MAX_MB: '1' } });
    reader = await registerReader(t);
    moderator = await registerReader(t);
    await t.services.auth.createOrPromoteAdmin('quantri01', 'mat-khau-quan-tri');
    const login = await t.app.request('/api/v1/public/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'quantri01', password: 'mat-khau-quan-tri' }),
    });
    const session = (await login.json()) as { data: { token: string; user: { displayName: string } } };
    admin = session.data.token;
    adminName = session.data.user.displayName;
    const adminUser = (await t.services.auth.authenticate(admin))!;
    await t.services.auth.changeRole(adminUser, (await t.services.auth.authenticate(moderator))!.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const uploadForm = (files: [string, Uint8Array | string][], fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, content] of files) form.append('files', new File([content as BlobPart], name));
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return form;
  };
  const post = (token: string | null, form: FormData) =>
    t.app.request('/api/v1/admin/import', { method: 'POST', headers: token ? { 'x-token': token } : {}, body: form });

  it('refuses anonymous callers (401), readers and moderators (403) on every admin call', async () => {
    const form = () => uploadForm([['sach.md', '# A\n\nB']]);
    for (const [token, status] of [
      [null, 401],
      [reader, 403],
      [moderator, 403],
    ] as const) {
      const headers: Record<string, string> = token ? { 'x-token': token } : {};
      const audit = await t.app.request('/api/v1/admin/audit', { headers });
      expect(audit.status, `audit ${token}`).toBe(status);
      expect(ZErrorResponseSchema.parse(await audit.json()).errorMessage).toMatch(/[à-ỹ]/);
      expect((await post(token, form())).status, `import ${token}`).toBe(status);
      expect((await t.app.request('/api/v1/admin/library/search/', { headers })).status).toBe(
        token ? (token === moderator ? 200 : 403) : 401,
      );
    }
    // Nothing was imported by those attempts.
    const log = ZAuditPageSchema.parse(
      (
        (await (await t.app.request('/api/v1/admin/audit', { headers: { 'x-token': admin } })).json()) as {
          data: unknown;
        }
      ).data,
    );
    expect(log.total).toBe(0);
  });

  it('imports uploaded files, pairs an MP3 with its transcript, explains every refusal, and logs who did it', async () => {
    const res = await post(
      admin,
      uploadForm(
        [
          ['loi-day.md', '---\ntitle: Lời dạy tải lên\n---\n# Một\n\nThở vào, tâm an.'],
          ['buoi-mot.mp3', makeSilentMp3(120)],
          ['buoi-mot.srt', '1\n00:00:00,000 --> 00:00:02,000\nMở đầu buổi tu.\n'],
          ['mo-coi.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nKhông có MP3.\n'],
          ['hong.epub', 'không phải epub'],
        ],
        { collection: 'Khoá tu mùa hè' },
      ),
    );
    expect(res.status).toBe(200);
    const outcomes = (
      (await res.json()) as { data: { file: string; status: string; reason: string | null; path: string | null }[] }
    ).data;
    const byFile = Object.fromEntries(outcomes.map((o) => [o.file, o]));
    expect(byFile['loi-day.md']).toMatchObject({ status: 'added', path: '/sach/loi-day-tai-len' });
    expect(byFile['buoi-mot.mp3']?.status).toBe('added');
    expect(byFile['mo-coi.vtt']).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/không đi kèm tệp MP3/),
    });
    expect(byFile['hong.epub']).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/không phải gói ZIP/),
    });
    const talkId = (await t.services.library.search({ loai: 'phap-am', page: 1 })).items[0];
    expect(talkId).toMatchObject({ title: 'buoi mot', collectionTitle: 'Khoá tu mùa hè' });

    const log = ZAuditPageSchema.parse(
      (
        (await (await t.app.request('/api/v1/admin/audit?perPage=10', { headers: { 'x-token': admin } })).json()) as {
          data: unknown;
        }
      ).data,
    );
    expect(log.items.map((e) => [e.actorName, e.action, e.itemType, e.itemLabel])).toEqual([
      [adminName, 'import', 'talk', 'buoi mot'],
      [adminName, 'import', 'book', 'Lời dạy tải lên'],
    ]);
    expect(log.items[0]!.detail).toContain('Khoá tu mùa hè');
    const books = ZAuditPageSchema.parse(
      (
        (await (
          await t.app.request('/api/v1/admin/audit?itemType=book', { headers: { 'x-token': admin } })
        ).json()) as { data: unknown }
      ).data,
    );
    expect(books.items.map((e) => e.itemType)).toEqual(['book']);
  });

  it('answers bad input with 400 and uploads past UPLOAD_MAX_MB with 413, in Vietnamese', async () => {
    for (const query of ['page=0', 'perPage=101', 'itemType=sach']) {
      const res = await t.app.request(`/api/v1/admin/audit?${query}`, { headers: { 'x-token': admin } });
      expect(res.status, query).toBe(400);
    }
    const empty = await post(admin, uploadForm([], { collection: 'X' }));
    expect(empty.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await empty.json()).errorMessage).toBe('Hãy chọn ít nhất một tệp để nhập.');
    const big = await post(admin, uploadForm([['lon.mp3', new Uint8Array(1024 * 1024 + 10)]]));
    expect(big.status).toBe(413);
    expect(ZErrorResponseSchema.parse(await big.json()).errorMessage).toMatch(/tối đa 1 MB/);
    const notAForm = await t.app.request('/api/v1/admin/import', {
      method: 'POST',
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notAForm.status).toBe(400);
    expect(z.object({ errorMessage: z.string() }).parse(await notAForm.json()).errorMessage).toMatch(/[à-ỹ]/);
  });
});
