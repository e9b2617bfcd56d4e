import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZChapterViewSchema } from '#common/contracts/book.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import {
  ZBookCatalogueResponseSchema,
  ZBookDetailResponseSchema,
  ZBookDocumentResponseSchema,
  ZLibrarySearchResponseSchema,
  ZOfflineBookResponseSchema,
  type LibraryBookItem,
} from '#common/contracts/library.schema.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { newReader } from '../factories/reader.ts';

const engines = await availableEngines();

/** Lower case without marks (đ → d), as the library compares names. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

describe.each(engines)('library and book API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { loginThrottle: { perIp: 1000, freeFailures: 1000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, token?: string) =>
    t.app.request(`/api/v1${path}`, { headers: token ? { 'x-token': token } : {} });
  const search = async (query: string, token?: string, scope = 'public') => {
    const res = await get(`/${scope}/library/search/?${query}`, token);
    expect(res.status, query).toBe(200);
    return ZLibrarySearchResponseSchema.parse(await res.json()).data;
  };
  const titlesOf = (items: { title: string }[]) => items.map((i) => i.title);
  const expectNotFound = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(404);
    const body = ZErrorResponseSchema.parse(await res.json());
    expect(body.errorCode).toBe('NOT_FOUND');
    expect(body.errorMessage).toMatch(/Không tìm thấy/);
  };
  /** A reader's token; with a role, that reader is made a moderator or admin first. */
  const tokenFor = async (role: 'reader' | 'moderator' | 'admin') => {
    const reader = newReader();
    if (role === 'admin') {
      await t.services.auth.createOrPromoteAdmin(reader.username, reader.password);
    } else {
      const res = await t.app.request('/api/v1/public/user/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
      });
      expect(res.status).toBe(201);
      if (role === 'moderator') {
        await t.db.database.db
          .updateTable('users')
          .set({ role: 'moderator' })
          .where('username', '=', reader.username.toLowerCase())
          .execute();
      }
    }
    const login = await t.app.request('/api/v1/public/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: reader.username, password: reader.password }),
    });
    expect(login.status).toBe(200);
    const { data } = ZSessionResponseSchema.parse(await login.json());
    expect(data.user.role).toBe(role);
    return data.token;
  };

  it('GET /public/book/{code} gives the book, its credits, licence and table of contents', async () => {
    const res = await get('/public/book/kinh-kim-cang');
    expect(res.status).toBe(200);
    const { data } = ZBookDetailResponseSchema.parse(await res.json());
    expect(ZBookDetailResponseSchema.strict().shape.data.strict().safeParse(data).success).toBe(true);
    expect(data).toMatchObject({
      code: 'kinh-kim-cang',
      title: 'Kinh Kim Cang (phiên âm Hán-Việt)',
      titleOriginal: '金剛般若波羅蜜多經',
      titleSinoVietnamese: 'Kim cương bát nhã ba la mật đa kinh',
      translator: null,
      chapterCount: 32,
      firstChapterCode: 'kinh-kim-cang-1',
      license: { spdx: 'Unlicense', url: 'https://unlicense.org' },
    });
    expect(data.compiler).toMatch(/Phan Tuấn Anh/);
    expect(data.description).toBeTruthy();
    expect(data.toc).toHaveLength(32);
    expect(data.toc[0]).toEqual({ code: 'kinh-kim-cang-1', position: 1, title: 'Pháp Hội Nhân Do' });
    expect(data.toc.map((c) => c.position)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(JSON.stringify(data)).not.toMatch(/"id"|status|bodyHtml/);
  });

  it('GET /public/doc/{code} gives the whole book, every chapter with its text in order', async () => {
    const res = await get('/public/doc/kinh-kim-cang');
    expect(res.status).toBe(200);
    const { data } = ZBookDocumentResponseSchema.parse(await res.json());
    expect(data.code).toBe('kinh-kim-cang');
    expect(data.chapters).toHaveLength(32);
    expect(data.chapters.map((c) => c.code)).toEqual(data.toc.map((c) => c.code));
    expect(data.chapters[0]!.bodyHtml).toContain('Như thị ngã văn');
    expect(data.chapters[0]!.parallelHtml).toContain('如是我聞');
    expect(data.chapters[31]!.title).toBe('Ứng Hóa Phi Chân');

    const opening = ZBookDocumentResponseSchema.parse(await (await get('/public/doc/nghi-thuc-tung-niem')).json());
    expect(opening.data.chapters[0]!.section).toBe('Mở đầu');
    expect(opening.data.titleOriginal).toBeNull();
  });

  it('GET /public/doc/{code}/offline lists the pages to download, each chapter with its size and SHA-256', async () => {
    const res = await get('/public/doc/kinh-kim-cang/offline');
    expect(res.status).toBe(200);
    const { data } = ZOfflineBookResponseSchema.parse(await res.json());
    expect(data).toMatchObject({ code: 'kinh-kim-cang', path: '/sach/kinh-kim-cang', chapterCount: 32 });
    expect(data.chapters).toHaveLength(32);
    const second = data.chapters[1]!;
    expect(second).toMatchObject({ code: 'kinh-kim-cang-2', position: 2, path: '/kinh-kim-cang-2/kinh-kim-cang' });
    // The size and hash of the text the chapter page shows.
    const view = await t.services.books.getChapter('kinh-kim-cang-2');
    const text = view!.chapter.bodyHtml + '\u0000' + (view!.chapter.parallelHtml ?? '');
    const sha256 = createHash('sha256').update(text).digest('hex');
    expect(second.contentSha256).toBe(sha256);
    expect(view!.chapter.contentSha256).toBe(sha256);
    expect(second.textBytes).toBe(Buffer.byteLength(text) - 1);
    expect(data.textBytes).toBe(data.chapters.reduce((sum, c) => sum + c.textBytes, 0));
    expect(new Set(data.chapters.map((c) => c.contentSha256)).size).toBe(32);
    await expectNotFound('/public/doc/khong-co/offline');
  });

  it('GET /public/doc/all-doc-content lists every published book with its contents and no text', async () => {
    const res = await get('/public/doc/all-doc-content');
    expect(res.status).toBe(200);
    const { data } = ZBookCatalogueResponseSchema.parse(await res.json());
    expect(data).toHaveLength(9);
    const kimCang = data.find((b) => b.code === 'kinh-kim-cang')!;
    expect(kimCang.toc).toHaveLength(32);
    expect(data.find((b) => b.code === 'bat-nha-tam-kinh')!.toc).toHaveLength(1);
    for (const book of data) expect(book.toc).toHaveLength(book.chapterCount);
    expect(JSON.stringify(data)).not.toMatch(/bodyHtml|<p/);
  });

  it('GET /public/chapter/{code}/{chapter} finds a chapter by position or by code', async () => {
    const byPosition = await get('/public/chapter/kinh-kim-cang/2');
    expect(byPosition.status).toBe(200);
    const first = ZChapterViewSchema.parse((await byPosition.json()).data);
    expect(first.chapter).toMatchObject({ code: 'kinh-kim-cang-2', position: 2, title: 'Thiện Hiện Khải Thỉnh' });
    expect(first.previous?.code).toBe('kinh-kim-cang-1');
    expect(first.toc).toHaveLength(32);

    const byCode = await get('/public/chapter/kinh-kim-cang/kinh-kim-cang-2');
    expect(byCode.status).toBe(200);
    expect(ZChapterViewSchema.parse((await byCode.json()).data)).toEqual(first);
    // The same as the reader page's view.
    expect(first).toEqual(await t.services.books.getChapter('kinh-kim-cang-2'));
  });

  it('answers 404 with a Vietnamese message for unknown books and chapters', async () => {
    await expectNotFound('/public/book/khong-co');
    await expectNotFound('/public/doc/khong-co');
    await expectNotFound('/public/chapter/khong-co/1');
    await expectNotFound('/public/chapter/kinh-kim-cang/0');
    await expectNotFound('/public/chapter/kinh-kim-cang/33');
    await expectNotFound('/public/chapter/kinh-kim-cang/999999999999');
    await expectNotFound('/public/chapter/kinh-kim-cang/khong-co');
    // A chapter of another book is not a chapter of this one.
    await expectNotFound('/public/chapter/kinh-kim-cang/bat-nha-tam-kinh-1');
  });

  it('GET /public/library/search/ lists the books, 50 a page by default', async () => {
    const page = await search('');
    expect(page).toMatchObject({ total: 9, page: 1, perPage: 50 });
    expect(page.items).toHaveLength(9);
    for (const item of page.items) {
      expect(item.kind).toBe('book');
      expect(item).not.toHaveProperty('status');
    }
    // By title, in Vietnamese order.
    const titles = titlesOf(page.items);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('vi', { sensitivity: 'base' }).compare));
    const kimCang = page.items.find((i) => i.kind === 'book' && i.code === 'kinh-kim-cang') as LibraryBookItem;
    expect(kimCang).toMatchObject({ chapterCount: 32, firstChapterCode: 'kinh-kim-cang-1' });
  });

  it('pages: size and page, a page beyond the end is empty with the right total', async () => {
    const first = await search('loai=book&size=4&page=1');
    const second = await search('loai=book&size=4&page=2');
    const third = await search('loai=book&size=4&page=3');
    expect([first.items.length, second.items.length, third.items.length]).toEqual([4, 4, 1]);
    expect(first).toMatchObject({ total: 9, page: 1, perPage: 4 });
    const all = titlesOf([...first.items, ...second.items, ...third.items]);
    expect(new Set(all).size).toBe(9);
    expect(all).toEqual(titlesOf((await search('')).items));
    expect(await search('size=4&page=4')).toEqual({ items: [], total: 9, page: 4, perPage: 4 });
    expect(await search('size=100&page=1')).toMatchObject({ total: 9, perPage: 100 });
  });

  it('refuses bad paging with 400 and a Vietnamese message', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'size=0',
      'size=101',
      'size=abc',
      'loai=video',
      'ngay=22-11-2026',
      'ngay=2026-02-30',
      'phut=abc',
      'loai=phap-am&phut=0',
    ]) {
      for (const scope of ['public', 'admin']) {
        const res = await get(`/${scope}/library/search/?${query}`, scope === 'admin' ? await adminToken() : undefined);
        expect(res.status, `${scope} ${query}`).toBe(400);
        const body = ZErrorResponseSchema.parse(await res.json());
        expect(body.errorCode).toBe('VALIDATION_FAILED');
        expect(body.errorMessage).toBe('Thông tin gửi lên chưa hợp lệ, xin kiểm tra lại.');
        expect(Object.keys(body.fields ?? {}).length, query).toBeGreaterThan(0);
        expect(Object.values(body.fields ?? {}).join(' ')).toMatch(/[à-ỹ]/);
      }
    }
  });

  it('finds titles with diacritics from queries without them (tim and ten)', async () => {
    const kimCang = await search(`tim=${encodeURIComponent('kim cang')}`);
    expect(titlesOf(kimCang.items)).toEqual(['Kinh Kim Cang (phiên âm Hán-Việt)']);
    expect(kimCang.total).toBe(1);

    const aDiDa = await search(`ten=${encodeURIComponent('a di da')}`);
    expect(titlesOf(aDiDa.items)).toEqual(['Kinh A-di-đà (phiên âm Hán-Việt)']);

    // Upper case, with diacritics, and tim in the description or credits.
    expect(titlesOf((await search(`tim=${encodeURIComponent('KIM CƯƠNG')}`)).items)).toEqual([
      'Kinh Kim Cang (phiên âm Hán-Việt)',
    ]);
    expect((await search(`tim=${encodeURIComponent('phan tuan anh')}`)).total).toBe(9);
    expect((await search(`tim=${encodeURIComponent('mong son')}`)).items.map((i) => i.title)).toEqual([
      'Mông Sơn Thí Thực (phiên âm Hán-Việt)',
    ]);

    // One name field (decision 0020): the words in titles give those titles, the ones starting
    // with them first; by title within each. In no title, the credits and descriptions count.
    const kinh = await search('tim=kinh');
    expect(kinh.total).toBeGreaterThan(4);
    const titles = titlesOf(kinh.items);
    expect(titles.every((title) => fold(title).includes('kinh'))).toBe(true);
    const ranks = titles.map((title) => (fold(title).startsWith('kinh') ? 0 : 1));
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(ranks).size).toBe(2);
    expect(titlesOf((await search(`tim=${encodeURIComponent('a di da')}`)).items)).toEqual([
      'Kinh A-di-đà (phiên âm Hán-Việt)',
    ]);
    // ten (the name field of before) is the same field: old addresses find what tim finds.
    expect(await search('ten=kinh')).toEqual(kinh);
    expect(await search(`ten=${encodeURIComponent('phan tuan anh')}`)).toEqual(
      await search(`tim=${encodeURIComponent('phan tuan anh')}`),
    );

    expect(await search(`tim=${encodeURIComponent('không có cuốn này')}`)).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 50,
    });
    // ngay: published on or after.
    expect((await search('ngay=2000-01-01')).total).toBe(9);
    expect((await search('ngay=2999-01-01')).total).toBe(0);
  });

  it('loai=phap-am lists talks, 10 a page by default (the 8 demo talks)', async () => {
    const page = await search('loai=phap-am');
    expect([page.total, page.page, page.perPage, page.items.length]).toEqual([8, 1, 10, 8]);
    expect(await search('loai=phap-am&phut=30&ngay=2020-01-01&tim=khong%20co%20bai%20nay')).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 10,
    });
  });

  it('loai=phap-am filters talks by text, duration and date', async () => {
    const at = new Date().toISOString();
    const db = t.db.database.db;
    const { id: collectionId } = await db
      .insertInto('audio_collections')
      .values({
        slug: 'thu-vien-thu',
        title: 'Bộ thử',
        position: 0,
        status: 'published',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const talk = (slug: string, title: string, minutes: number, recordedOn: string, status = 'published') => ({
      collection_id: collectionId,
      slug,
      title,
      description: null,
      speaker: 'Thầy Minh Tuệ',
      file_name: `${slug}.mp3`,
      mime_type: 'audio/mpeg',
      size_bytes: 1000,
      duration_seconds: minutes * 60,
      recorded_on: recordedOn,
      transcript_file: null,
      position: 0,
      status: status as 'published',
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('audio_talks')
      .values([
        talk('vo-thuong', 'Vô thường', 20, '2024-05-01'),
        talk('tu-dieu-de', 'Tứ diệu đế', 45, '2025-01-10'),
        talk('nhap-vo-thuong', 'Bàn về vô thường (bản nháp)', 5, '2025-02-01', 'draft'),
      ])
      .execute();
    try {
      const all = await search('loai=phap-am');
      expect(all.total).toBe(2 + 8); // with the demo talks
      expect(all.items.every((i) => i.kind === 'phap-am')).toBe(true);
      expect(titlesOf((await search('loai=phap-am&tim=vo%20thuong')).items)).toEqual(['Vô thường']);
      expect(titlesOf((await search('loai=phap-am&tim=minh%20tue')).items)).toHaveLength(2);
      expect(titlesOf((await search('loai=phap-am&phut=30&tim=minh%20tue')).items)).toEqual(['Vô thường']);
      expect(titlesOf((await search('loai=phap-am&ngay=2025-01-01&tim=minh%20tue')).items)).toEqual(['Tứ diệu đế']);
      expect(titlesOf((await search('loai=phap-am&ten=tu%20dieu')).items)).toEqual(['Tứ diệu đế']);
      const admin = await search('loai=phap-am&tim=vo%20thuong', await adminToken(), 'admin');
      // The title starting with the words comes first.
      expect(admin.items.map((i) => [i.title, i.status])).toEqual([
        ['Vô thường', 'published'],
        ['Bàn về vô thường (bản nháp)', 'draft'],
      ]);
    } finally {
      await db.deleteFrom('audio_talks').where('collection_id', '=', collectionId).execute();
      await db.deleteFrom('audio_collections').where('id', '=', collectionId).execute();
    }
  });

  let admin: string | undefined;
  const adminToken = async () => (admin ??= await tokenFor('admin'));

  it('GET /admin/library/search/: 401 without a token, 403 for a reader, 200 for moderators and admins', async () => {
    const anonymous = await get('/admin/library/search/');
    expect(anonymous.status).toBe(401);
    expect(ZErrorResponseSchema.parse(await anonymous.json()).errorCode).toBe('UNAUTHENTICATED');

    const reader = await get('/admin/library/search/', await tokenFor('reader'));
    expect(reader.status).toBe(403);
    const forbidden = ZErrorResponseSchema.parse(await reader.json());
    expect(forbidden.errorCode).toBe('FORBIDDEN');
    expect(forbidden.errorMessage).toBe('Bạn không có quyền thực hiện thao tác này.');

    for (const token of [await tokenFor('moderator'), await adminToken()]) {
      const page = await search('', token, 'admin');
      expect(page.total).toBe(9);
      expect(page.items.every((i) => i.status === 'published')).toBe(true);
    }
  });

  it('a draft and a pending book leave the public calls and stay in the admin search with their status', async () => {
    const db = t.db.database.db;
    await db.updateTable('books').set({ status: 'draft' }).where('code', '=', 'kinh-vu-lan').execute();
    await db.updateTable('books').set({ status: 'pending' }).where('code', '=', 'kinh-di-giao').execute();
    try {
      await expectNotFound('/public/book/kinh-vu-lan');
      await expectNotFound('/public/doc/kinh-vu-lan');
      await expectNotFound('/public/doc/kinh-vu-lan/offline');
      await expectNotFound('/public/chapter/kinh-vu-lan/1');
      await expectNotFound('/public/book/kinh-di-giao');
      const catalogue = ZBookCatalogueResponseSchema.parse(await (await get('/public/doc/all-doc-content')).json());
      expect(catalogue.data.map((b) => b.code)).not.toContain('kinh-vu-lan');
      expect(catalogue.data).toHaveLength(7);

      const publicPage = await search('');
      expect(publicPage.total).toBe(7);
      expect(publicPage.items.map((i) => i.kind === 'book' && i.code)).not.toContain('kinh-vu-lan');
      expect((await search('ten=vu%20lan')).total).toBe(0);

      for (const token of [await tokenFor('moderator'), await adminToken()]) {
        const page = await search('', token, 'admin');
        expect(page.total).toBe(9);
        const statusOf = (code: string) =>
          page.items.find((i): i is LibraryBookItem => i.kind === 'book' && i.code === code)?.status;
        expect(statusOf('kinh-vu-lan')).toBe('draft');
        expect(statusOf('kinh-di-giao')).toBe('pending');
        expect(statusOf('kinh-kim-cang')).toBe('published');
        const vuLan = await search('ten=vu%20lan', token, 'admin');
        expect(vuLan.items.map((i) => [i.title, i.status])).toEqual([['Kinh Vu Lan (phiên âm Hán-Việt)', 'draft']]);
      }
    } finally {
      await db
        .updateTable('books')
        .set({ status: 'published' })
        .where('code', 'in', ['kinh-vu-lan', 'kinh-di-giao'])
        .execute();
    }
  });

  it('describes the calls in the OpenAPI document', async () => {
    const doc = (await (await get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/public/book/{code}',
      '/public/doc/{code}',
      '/public/doc/all-doc-content',
      '/public/chapter/{code}/{chapter}',
      '/public/library/search/',
      '/admin/library/search/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
