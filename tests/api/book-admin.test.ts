import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditPageSchema } from '#common/contracts/admin.schema.ts';
import { ZAdminBookPageSchema, ZAdminBookSchema, ZAdminChapterSchema } from '#common/contracts/book-admin.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZSearchResultSchema } from '#common/contracts/search.schema.ts';
import { SearchKind } from '#server/search/passage-id.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('book administration API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let adminName: string;
  let reader: string;
  let moderator: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    reader = await registerReader(t);
    moderator = await registerReader(t);
    await t.services.auth.createOrPromoteAdmin('quantrisach', 'mat-khau-quan-tri');
    const login = await t.app.request('/api/v1/public/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'quantrisach', password: 'mat-khau-quan-tri' }),
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

  const api = apiClient(() => t);

  const dataOf = async (res: Response) => ((await res.json()) as { data: unknown }).data;
  const createBook = async (fields: Record<string, unknown>) => {
    const res = await api.post('/admin/books', fields, { as: admin });
    expect(res.status).toBe(201);
    return ZAdminBookSchema.parse(await dataOf(res));
  };
  const addChapter = async (bookId: number, title: string, markdown: string) => {
    const res = await api.post(`/admin/book/${bookId}/chapters`, { title, markdown }, { as: admin });
    expect(res.status).toBe(201);
    return ZAdminChapterSchema.parse(await dataOf(res));
  };
  const search = async (query: string) => {
    const res = await api.post('/public/search', { query, type: 'book' });
    expect(res.status).toBe(200);
    return ZSearchResultSchema.parse(await dataOf(res));
  };
  const passagesOf = async (bookId: number) =>
    (
      await t.db.database.db
        .selectFrom('search_passages')
        .select('id')
        .where('kind', '=', SearchKind.book)
        .where('item_id', '=', bookId)
        .execute()
    ).length;
  const coverForm = async () => {
    const form = new FormData();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    form.append('cover', new File([png as BlobPart], 'bia.png', { type: 'image/png' }));
    return form;
  };

  it('refuses anonymous callers (401), readers and moderators (403) on every call, and changes nothing', async () => {
    const book = await createBook({ title: 'Sách khoá cửa' });
    const chapter = await addChapter(book.id, 'Chương một', 'Chữ.');
    const calls: [string, string, () => unknown][] = [
      ['GET', '/admin/books', () => undefined],
      ['POST', '/admin/books', () => ({ title: 'Sách lén' })],
      ['GET', `/admin/book/${book.id}`, () => undefined],
      ['PUT', `/admin/book/${book.id}`, () => ({ title: 'Đổi lén' })],
      ['DELETE', `/admin/book/${book.id}`, () => undefined],
      ['POST', `/admin/book/${book.id}/publish`, () => undefined],
      ['POST', `/admin/book/${book.id}/unpublish`, () => undefined],
      ['POST', `/admin/book/${book.id}/cover`, () => new FormData()],
      ['POST', `/admin/book/${book.id}/chapters`, () => ({ title: 'Lén', markdown: 'Lén' })],
      ['POST', `/admin/book/${book.id}/chapters/order`, () => ({ ids: [chapter.id] })],
      ['GET', `/admin/chapter/${chapter.id}`, () => undefined],
      ['PUT', `/admin/chapter/${chapter.id}`, () => ({ title: 'Lén', markdown: 'Lén' })],
      ['DELETE', `/admin/chapter/${chapter.id}`, () => undefined],
      ['POST', '/admin/markdown/preview', () => ({ markdown: '*a*' })],
    ];
    for (const [token, status] of [
      [null, 401],
      [reader, 403],
      [moderator, 403],
    ] as const) {
      for (const [method, url, body] of calls) {
        const res = await api.request(method, url, body(), { as: token });
        expect(res.status, `${method} ${url} as ${token ?? 'anonymous'}`).toBe(status);
        expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toMatch(/[à-ỹ]/);
      }
    }
    const after = ZAdminBookSchema.parse(await dataOf(await api.get(`/admin/book/${book.id}`, { as: admin })));
    expect(after).toMatchObject({ title: 'Sách khoá cửa', status: 'draft', chapterCount: 1 });
    const list = ZAdminBookPageSchema.parse(await dataOf(await api.get('/admin/books', { as: admin })));
    expect(list.items.map((b) => b.title)).toEqual(['Sách khoá cửa']);
  });

  it('answers bad input with 400 and Vietnamese messages, unknown ids with 404, never a 500', async () => {
    const book = await createBook({ title: 'Sách thử lỗi' });
    const bad: [string, string, unknown, string][] = [
      ['POST', '/admin/books', {}, 'title'],
      ['POST', '/admin/books', { title: '   ' }, 'title'],
      ['POST', '/admin/books', { title: 'A', code: 'Có Dấu' }, 'code'],
      ['POST', '/admin/books', { title: 'A', sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
      ['POST', '/admin/books', { title: 'x'.repeat(301) }, 'title'],
      ['PUT', `/admin/book/${book.id}`, { title: 'A', code: 'ma-khac' }, 'code'],
      ['POST', `/admin/book/${book.id}/chapters`, { title: 'A', markdown: ' \n ' }, 'markdown'],
      ['POST', `/admin/book/${book.id}/chapters`, { title: 'A' }, 'markdown'],
      ['POST', `/admin/book/${book.id}/chapters/order`, { ids: 'một' }, 'ids'],
      ['POST', `/admin/book/${book.id}/chapters/order`, { ids: [999999] }, 'ids'],
      ['GET', '/admin/book/abc', undefined, 'id'],
      ['GET', '/admin/books?status=xoa', undefined, 'status'],
    ];
    for (const [method, url, body, field] of bad) {
      const res = await api.request(method, url, body, { as: admin });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(error.errorMessage).toMatch(/[à-ỹ]/);
      expect(Object.values(error.fields ?? {}).join(' ') + error.errorMessage).toMatch(/[à-ỹ]/);
      expect(Object.keys(error.fields ?? {}), `${method} ${url}`).toContain(field);
    }
    const malformed = await t.app.request(`/api/v1/admin/book/${book.id}`, {
      method: 'PUT',
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(malformed.status).toBe(400);
    expect((await api.get('/admin/book/999999', { as: admin })).status).toBe(404);
    expect((await api.delete('/admin/chapter/999999', { as: admin })).status).toBe(404);
    // A book without chapters cannot be published; a taken code is a conflict.
    const empty = await api.post(`/admin/book/${book.id}/publish`, undefined, { as: admin });
    expect(empty.status).toBe(409);
    expect(ZErrorResponseSchema.parse(await empty.json()).errorMessage).toMatch(/ít nhất một chương/);
    const taken = await api.post('/admin/books', { title: 'Khác', code: book.code }, { as: admin });
    expect(taken.status).toBe(409);
    // Not an image.
    const form = new FormData();
    form.append('cover', new File(['không phải ảnh'], 'bia.png', { type: 'image/png' }));
    const cover = await api.post(`/admin/book/${book.id}/cover`, form, { as: admin });
    expect(cover.status).toBe(415);
    expect(ZErrorResponseSchema.parse(await cover.json()).errorMessage).toMatch(/không phải là ảnh/);
    const noFile = await api.post(`/admin/book/${book.id}/cover`, new FormData(), { as: admin });
    expect(noFile.status).toBe(400);
  });

  it('keeps a new book as a draft, publishes it to the reader and search, and takes it back', async () => {
    const book = await createBook({
      title: 'Kinh Thử Nghiệm Quản Trị',
      author: '  Ban biên tập  ',
      description: 'Sách tạo trong trang quản trị.',
    });
    expect(book).toMatchObject({
      code: 'kinh-thu-nghiem-quan-tri',
      status: 'draft',
      author: 'Ban biên tập',
      licenseSpdx: 'LicenseRef-Permission',
      chapterCount: 0,
    });
    // The same title again gets a code of its own.
    const twin = await createBook({ title: 'Kinh Thử Nghiệm Quản Trị' });
    expect(twin.code).toBe('kinh-thu-nghiem-quan-tri-2');

    const first = await addChapter(book.id, 'Phẩm Tựa', 'Như thị ngã văn: **chánh niệm** tỉnh thức.');
    expect(first).toMatchObject({ code: `${book.code}-1`, position: 1 });
    expect(first.html).toBe('<p id="p-1">Như thị ngã văn: <strong>chánh niệm</strong> tỉnh thức.</p>');
    await addChapter(book.id, 'Phẩm Hai', 'Đoạn thứ hai về **hoa sen**.');

    expect((await api.get(`/public/book/${book.code}`)).status).toBe(404);
    expect((await search('chanh niem tinh thuc')).items.map((i) => i.key)).not.toContain(book.code);

    const published = await api.post(`/admin/book/${book.id}/publish`, undefined, { as: admin });
    expect(published.status).toBe(200);
    expect(ZAdminBookSchema.parse(await dataOf(published)).status).toBe('published');
    const page = await api.get(`/public/book/${book.code}`);
    expect(page.status).toBe(200);
    expect(await dataOf(page)).toMatchObject({
      title: 'Kinh Thử Nghiệm Quản Trị',
      toc: [
        { code: `${book.code}-1`, title: 'Phẩm Tựa' },
        { code: `${book.code}-2`, title: 'Phẩm Hai' },
      ],
    });
    const found = await search('chanh niem tinh thuc');
    const item = found.items.find((i) => i.key === book.code);
    expect(item?.passages[0]?.url).toMatch(new RegExp(`^/${book.code}-1/${book.code}\\?.*#p-1$`));

    // Edits show at once, for readers and for search.
    const editRes = await api.put(
      `/admin/chapter/${first.id}`,
      { title: 'Phẩm Tựa', markdown: 'Như thị ngã văn: **tịnh độ** an lạc.' },
      { as: admin },
    );
    expect(editRes.status).toBe(200);
    expect(ZAdminChapterSchema.parse(await dataOf(editRes)).markdown).toBe('Như thị ngã văn: **tịnh độ** an lạc.');
    expect((await search('tinh do an lac')).items.map((i) => i.key)).toContain(book.code);
    expect((await search('chanh niem tinh thuc')).items.map((i) => i.key)).not.toContain(book.code);

    const back = await api.post(`/admin/book/${book.id}/unpublish`, undefined, { as: admin });
    expect(ZAdminBookSchema.parse(await dataOf(back)).status).toBe('draft');
    expect((await api.get(`/public/book/${book.code}`)).status).toBe(404);
    expect((await search('tinh do an lac')).items.map((i) => i.key)).not.toContain(book.code);
    expect(await passagesOf(book.id)).toBe(0);

    // The admin library search lists the draft beside published books.
    const library = await api.get('/admin/library/search/?loai=book&tim=Thử Nghiệm', { as: admin });
    const codes = ((await dataOf(library)) as { items: { code: string; status: string }[] }).items;
    expect(codes).toContainEqual(expect.objectContaining({ code: book.code, status: 'draft' }));
  });

  it('stores Markdown as sanitised HTML: scripts, handlers and javascript: links do not survive', async () => {
    const book = await createBook({ title: 'Sách có mã độc' });
    const markdown = [
      '# Tiêu đề lớn',
      '',
      'Đoạn có <script>alert("x")</script> và <b onclick="steal()">chữ đậm</b>.',
      '',
      '[Bấm vào](javascript:alert(1)) hay <a href="javascript:alert(2)">đây</a>.',
      '',
      '<img src="https://evil.example/track.png" onerror="alert(3)">',
      '',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const chapter = await addChapter(book.id, 'Chương độc', markdown);
    for (const html of [
      chapter.html,
      ZAdminChapterSchema.parse(await dataOf(await api.get(`/admin/chapter/${chapter.id}`, { as: admin }))).html,
      ((await dataOf(await api.post('/admin/markdown/preview', { markdown }, { as: admin }))) as { html: string }).html,
    ]) {
      expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|evil\.example/i);
      expect(html).toContain('<h2');
      expect(html).toContain('chữ đậm');
    }
    // The source is kept as written, NFC.
    const nfd = 'Chữ viết kiểu NFD: Thiền.'.normalize('NFD');
    const edited = await api.put(`/admin/chapter/${chapter.id}`, { title: null, markdown: nfd }, { as: admin });
    const saved = ZAdminChapterSchema.parse(await dataOf(edited));
    expect(saved.markdown).toBe(nfd.normalize('NFC'));
    expect(saved.html).toBe(`<p id="p-1">${nfd.normalize('NFC')}</p>`);
    expect(saved.title).toBeNull();
  });

  it('reorders chapters, deletes one (the rest move up), and uploads a cover cut to 300×400', async () => {
    const book = await createBook({ title: 'Sách sắp xếp' });
    const a = await addChapter(book.id, 'Một', 'Chương một.');
    const b = await addChapter(book.id, 'Hai', 'Chương hai.');
    const c = await addChapter(book.id, 'Ba', 'Chương ba.');
    const reordered = await api.post(
      `/admin/book/${book.id}/chapters/order`,
      { ids: [c.id, a.id, b.id] },
      { as: admin },
    );
    expect(reordered.status).toBe(200);
    expect(ZAdminBookSchema.parse(await dataOf(reordered)).chapters.map((x) => [x.title, x.position])).toEqual([
      ['Ba', 1],
      ['Một', 2],
      ['Hai', 3],
    ]);
    // A partial or repeated list is refused.
    expect((await api.post(`/admin/book/${book.id}/chapters/order`, { ids: [c.id, a.id] }, { as: admin })).status).toBe(
      400,
    );
    expect(
      (await api.post(`/admin/book/${book.id}/chapters/order`, { ids: [c.id, a.id, a.id] }, { as: admin })).status,
    ).toBe(400);

    const removed = await api.delete(`/admin/chapter/${a.id}`, { as: admin });
    expect(removed.status).toBe(200);
    expect(ZAdminBookSchema.parse(await dataOf(removed)).chapters.map((x) => [x.title, x.position])).toEqual([
      ['Ba', 1],
      ['Hai', 2],
    ]);
    // A new chapter takes a code no other chapter has.
    const d = await addChapter(book.id, 'Bốn', 'Chương bốn.');
    expect(d).toMatchObject({ position: 3 });
    expect([c.code, b.code]).not.toContain(d.code);

    const coverRes = await api.post(`/admin/book/${book.id}/cover`, await coverForm(), { as: admin });
    expect(coverRes.status).toBe(200);
    const cover = ZAdminBookSchema.parse(await dataOf(coverRes)).coverImage!;
    expect(cover).toMatch(/^\/media\/covers\/sach-sap-xep-[0-9a-f]+-300\.webp$/);
    const meta = await sharp(Buffer.from(await (await t.app.request(cover)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);
  });

  it('deletes a book with its chapters, passages and cover files, and logs everything with the actor’s name', async () => {
    const book = await createBook({ title: 'Sách sẽ xoá' });
    const chapter = await addChapter(book.id, 'Chương duy nhất', 'Vô thường khổ không vô ngã.');
    await api.post(`/admin/book/${book.id}/publish`, undefined, { as: admin });
    expect(await passagesOf(book.id)).toBeGreaterThan(0);
    // The last chapter of a published book stays.
    expect((await api.delete(`/admin/chapter/${chapter.id}`, { as: admin })).status).toBe(409);
    const cover = ZAdminBookSchema.parse(
      await dataOf(await api.post(`/admin/book/${book.id}/cover`, await coverForm(), { as: admin })),
    ).coverImage!;
    const coverFile = path.join(t.mediaDir, cover.slice('/media/'.length));
    expect(fs.existsSync(coverFile)).toBe(true);

    const res = await api.delete(`/admin/book/${book.id}`, { as: admin });
    expect(res.status).toBe(200);
    expect((await api.get(`/admin/book/${book.id}`, { as: admin })).status).toBe(404);
    expect((await api.get(`/admin/chapter/${chapter.id}`, { as: admin })).status).toBe(404);
    expect((await api.get(`/public/book/${book.code}`)).status).toBe(404);
    expect(await passagesOf(book.id)).toBe(0);
    expect((await search('vo thuong kho khong vo nga')).items.map((i) => i.key)).not.toContain(book.code);
    expect(fs.existsSync(coverFile)).toBe(false);
    expect(fs.existsSync(coverFile.replace('-300.webp', '-600.webp'))).toBe(false);

    const log = ZAuditPageSchema.parse(
      await dataOf(await api.get(`/admin/audit?itemType=book&perPage=100`, { as: admin })),
    ).items.filter((e) => e.itemId === book.id);
    expect(log.map((e) => [e.actorName, e.action, e.itemLabel])).toEqual([
      [adminName, 'delete', 'Sách sẽ xoá'],
      [adminName, 'upload', 'Sách sẽ xoá'],
      [adminName, 'publish', 'Sách sẽ xoá'],
      [adminName, 'create', 'Sách sẽ xoá'],
    ]);
    const chapters = ZAuditPageSchema.parse(
      await dataOf(await api.get(`/admin/audit?itemType=chapter&perPage=100`, { as: admin })),
    ).items.filter((e) => e.itemId === chapter.id);
    expect(chapters.map((e) => [e.actorName, e.action, e.itemLabel, e.detail])).toEqual([
      [adminName, 'create', 'Chương duy nhất', 'Sách “Sách sẽ xoá”'],
    ]);
  });
});
