import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAuditPageSchema } from '#common/contracts/admin.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { makeSilentMp3 } from '../factories/import-files.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { multipartForm } from '../support/multipart.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';

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
    ({ token: admin, displayName: adminName } = await loginAdmin(t));
    const adminUser = (await t.services.auth.authenticate(admin))!;
    await t.services.auth.changeRole(adminUser, (await t.services.auth.authenticate(moderator))!.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const uploadForm = (files: [string, Uint8Array | string][], fields: Record<string, string> = {}) =>
    multipartForm(
      fields,
      files.map(([name, content]) => ['files', name, content]),
    );
  const api = apiClient(() => t);

  it('refuses anonymous callers (401), readers and moderators (403) on every admin call', async () => {
    const form = () => uploadForm([['sach.md', '# A\n\nB']]);
    for (const [token, status] of [
      [null, 401],
      [reader, 403],
      [moderator, 403],
    ] as const) {
      const audit = await api.get('/admin/audit', { as: token });
      expect(audit.status, `audit ${token}`).toBe(status);
      expect(ZErrorResponseSchema.parse(await audit.json()).errorMessage).toMatch(/[à-ỹ]/);
      expect((await api.post('/admin/import', form(), { as: token })).status, `import ${token}`).toBe(status);
      expect((await api.get('/admin/library/search/', { as: token })).status).toBe(
        token ? (token === moderator ? 200 : 403) : 401,
      );
    }
    // Nothing was imported by those attempts.
    const log = ZAuditPageSchema.parse(
      (
        (await (await api.get('/admin/audit', { as: admin })).json()) as {
          data: unknown;
        }
      ).data,
    );
    expect(log.total).toBe(0);
  });

  it('imports uploaded files, pairs an MP3 with its transcript, explains every refusal, and logs who did it', async () => {
    const res = await api.post(
      '/admin/import',
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
      { as: admin },
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
        (await (await api.get('/admin/audit?perPage=10', { as: admin })).json()) as {
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
      ((await (await api.get('/admin/audit?itemType=book', { as: admin })).json()) as { data: unknown }).data,
    );
    expect(books.items.map((e) => e.itemType)).toEqual(['book']);
  });

  it('answers bad input with 400 and uploads past UPLOAD_MAX_MB with 413, in Vietnamese', async () => {
    for (const query of ['page=0', 'perPage=101', 'itemType=sach']) {
      const res = await api.get(`/admin/audit?${query}`, { as: admin });
      expect(res.status, query).toBe(400);
    }
    const empty = await api.post('/admin/import', uploadForm([], { collection: 'X' }), { as: admin });
    expect(empty.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await empty.json()).errorMessage).toBe('Hãy chọn ít nhất một tệp để nhập.');
    const big = await api.post('/admin/import', uploadForm([['lon.mp3', new Uint8Array(1024 * 1024 + 10)]]), {
      as: admin,
    });
    expect(big.status).toBe(413);
    expect(ZErrorResponseSchema.parse(await big.json()).errorMessage).toMatch(/tối đa 1 MB/);
    const notAForm = await api.post('/admin/import', {}, { as: admin });
    expect(notAForm.status).toBe(400);
    expect(z.object({ errorMessage: z.string() }).parse(await notAForm.json()).errorMessage).toMatch(/[à-ỹ]/);
  });

  it('edits the 70 home keywords and the 7 footer quotes: exact counts, no duplicates, logged', async () => {
    const keywords = Array.from({ length: 70 }, (_, i) =>
      i % 10 === 0 ? { keywords: [`Từ khoá ${i + 1}`, 'chánh niệm'] } : { keyword: `Từ khoá ${i + 1}` },
    );
    for (const [token, status] of [
      [null, 401],
      [reader, 403],
      [moderator, 403],
    ] as const) {
      expect((await api.put('/admin/home_keywords', { keywords }, { as: token })).status).toBe(status);
      expect((await api.get('/admin/footer_quotes', { as: token })).status).toBe(status);
    }
    const bad: [unknown, RegExp][] = [
      [{ keywords: keywords.slice(0, 69) }, /đúng 70/],
      [{ keywords: [...keywords.slice(0, 69), { keyword: 'Từ khoá 2' }] }, /trùng/],
      [{ keywords: [...keywords.slice(0, 69), { keyword: '   ' }] }, /trống/],
    ];
    for (const [body, message] of bad) {
      const res = await api.put('/admin/home_keywords', body, { as: admin });
      expect(res.status).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(`${error.errorMessage} ${Object.values(error.fields ?? {}).join(' ')}`).toMatch(message);
    }
    const saved = await api.put('/admin/home_keywords', { keywords }, { as: admin });
    expect(saved.status).toBe(200);
    const publicList = (await (await api.get('/public/search/keywords')).json()) as { data: unknown[] };
    expect(publicList.data).toEqual(keywords);

    const quotes = Array.from({ length: 7 }, (_, i) => ({
      text: `Lời dạy số ${i + 1}: sống trong hiện tại.`,
      original: i === 0 ? 'Dhammo have rakkhati dhammacāriṃ.' : '',
      source: 'Kinh Pháp Cú',
      translator: null,
    }));
    expect((await api.put('/admin/footer_quotes', { quotes: quotes.slice(0, 6) }, { as: admin })).status).toBe(400);
    expect(
      (
        await api.put(
          '/admin/footer_quotes',
          { quotes: [{ ...quotes[0], source: '' }, ...quotes.slice(1)] },
          { as: admin },
        )
      ).status,
    ).toBe(400);
    expect((await api.put('/admin/footer_quotes', { quotes }, { as: admin })).status).toBe(200);
    expect((await t.services.site.listFooterQuotes()).map((q) => [q.text, q.original])).toEqual(
      quotes.map((q, i) => [q.text, i === 0 ? q.original : null]),
    );
    const log = ZAuditPageSchema.parse(
      (
        (await (await api.get('/admin/audit?perPage=2', { as: admin })).json()) as {
          data: unknown;
        }
      ).data,
    );
    expect(log.items.map((e) => e.itemType)).toEqual(['footer_quotes', 'keywords']);
  });
});

describe('the import upload takes files past the 1 MB limit of other API bodies', () => {
  it('imports a 1.5 MB MP3 when UPLOAD_MAX_MB allows it', async () => {
    const t = await createTestApp('sqlite', { demo: false, env: { UPLOAD_MAX_MB: '3' } });
    try {
      const { token } = await loginAdmin(t);
      const mp3 = makeSilentMp3(4000);
      expect(mp3.length).toBeGreaterThan(1.5 * 1024 * 1024);
      const form = new FormData();
      form.append('files', new File([mp3 as BlobPart], 'bai-dai.mp3'));
      form.append('collection', 'Bài giảng dài');
      const res = await apiClient(t).post('/admin/import', form, { as: token });
      expect(res.status).toBe(200);
      const outcomes = ((await res.json()) as { data: { status: string }[] }).data;
      expect(outcomes.map((o) => o.status)).toEqual(['added']);
    } finally {
      await t.close();
    }
  });
});
