import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { factories, type MadeBook, type Person } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/** Lower case without marks (đ → d), as the library compares names. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

/** Every book of the library shares these credits, as a real collection of sutras does. */
const CREDITS = { author: 'Kinh điển thử nghiệm', compiler: 'Người Biên Soạn Thử, biên soạn bản phiên âm' };
const UNLICENSE = { spdx: 'Unlicense', name: 'The Unlicense', url: 'https://unlicense.org' };
const SUN_CHAPTERS = ['Mở Lời', 'Thưa Hỏi', 'Giảng Giải', 'Kết Lời'];
const TALKS = 11;

describe.each(engines)('library and book API on %s', (engine) => {
  let t: TestApp;
  const api = apiClient(() => t);
  /** The library: nine published books (five with "Kinh" in the title) and eleven talks. */
  let sun: MadeBook;
  let lotus: MadeBook;
  let rite: MadeBook;
  let heart: MadeBook;
  let filial: MadeBook;
  let teaching: MadeBook;
  let admin: Person;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const make = factories(t);
    sun = await make.book({
      ...CREDITS,
      title: 'Kinh Ánh Sáng (bản thử)',
      titleOriginal: '光明經',
      titleSinoVietnamese: 'Quang minh kinh',
      description: 'Một bản kinh làm ra cho phép thử của thư viện.',
      license: UNLICENSE,
      chapters: SUN_CHAPTERS.map((title, i) => ({
        title,
        html: `<p id="p-1">Như thị ngã văn: ${title}.</p>`,
        parallelHtml: `<p id="p-1">如是我聞 ${i + 1}</p>`,
      })),
    });
    lotus = await make.book({ ...CREDITS, title: 'Kinh Hoa Sen (bản thử)' });
    rite = await make.book({
      ...CREDITS,
      title: 'Nghi Thức Buổi Tối (bản thử)',
      chapters: [
        { title: 'Chuông chiều', section: 'Mở đầu', html: '<p id="p-1">Chuông chiều vọng.</p>' },
        { title: 'Lời nguyện', html: '<p id="p-1">Nguyện cho muôn loài.</p>' },
      ],
    });
    await make.book({ ...CREDITS, title: 'Đêm Sám Hối (bản thử)' });
    heart = await make.book({
      ...CREDITS,
      title: 'Tâm Kinh Thử Nghiệm',
      chapters: [{ title: 'Toàn văn', html: '<p id="p-1">Quán tự tại.</p>' }],
    });
    filial = await make.book({ ...CREDITS, title: 'Kinh Báo Hiếu (bản thử)' });
    teaching = await make.book({ ...CREDITS, title: 'Kinh Lời Dạy (bản thử)' });
    await make.book({ ...CREDITS, title: 'Lời Khấn Thử' });
    await make.book({ ...CREDITS, title: 'Giới Luật Thử' });
    for (let i = 0; i < TALKS; i++) await make.talk();
    admin = await make.admin();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, as?: Person) => api.get(path, { as });
  const search = async (query: string, as?: Person, scope = 'public') => {
    const res = await get(`/${scope}/library/search/?${query}`, as);
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

  it('GET /public/book/{code} gives the book, its credits, licence and table of contents', async () => {
    const res = await get(`/public/book/${sun.code}`);
    expect(res.status).toBe(200);
    const { data } = ZBookDetailResponseSchema.parse(await res.json());
    expect(ZBookDetailResponseSchema.strict().shape.data.strict().safeParse(data).success).toBe(true);
    expect(data).toMatchObject({
      code: sun.code,
      title: 'Kinh Ánh Sáng (bản thử)',
      titleOriginal: '光明經',
      titleSinoVietnamese: 'Quang minh kinh',
      translator: null,
      chapterCount: 4,
      firstChapterCode: `${sun.code}-1`,
      license: { spdx: 'Unlicense', url: 'https://unlicense.org' },
    });
    expect(data.compiler).toMatch(/Người Biên Soạn Thử/);
    expect(data.description).toBeTruthy();
    expect(data.toc).toHaveLength(4);
    expect(data.toc[0]).toEqual({ code: `${sun.code}-1`, position: 1, title: 'Mở Lời' });
    expect(data.toc.map((c) => c.position)).toEqual([1, 2, 3, 4]);
    expect(JSON.stringify(data)).not.toMatch(/"id"|status|bodyHtml/);
  });

  it('GET /public/doc/{code} gives the whole book, every chapter with its text in order', async () => {
    const res = await get(`/public/doc/${sun.code}`);
    expect(res.status).toBe(200);
    const { data } = ZBookDocumentResponseSchema.parse(await res.json());
    expect(data.code).toBe(sun.code);
    expect(data.chapters).toHaveLength(4);
    expect(data.chapters.map((c) => c.code)).toEqual(data.toc.map((c) => c.code));
    expect(data.chapters[0]!.bodyHtml).toContain('Như thị ngã văn');
    expect(data.chapters[0]!.parallelHtml).toContain('如是我聞');
    expect(data.chapters[3]!.title).toBe('Kết Lời');

    const opening = ZBookDocumentResponseSchema.parse(await (await get(`/public/doc/${rite.code}`)).json());
    expect(opening.data.chapters[0]!.section).toBe('Mở đầu');
    expect(opening.data.titleOriginal).toBeNull();
  });

  it('GET /public/doc/{code}/offline lists the pages to download, each chapter with its size and SHA-256', async () => {
    const res = await get(`/public/doc/${sun.code}/offline`);
    expect(res.status).toBe(200);
    const { data } = ZOfflineBookResponseSchema.parse(await res.json());
    expect(data).toMatchObject({ code: sun.code, path: `/sach/${sun.code}`, chapterCount: 4 });
    expect(data.chapters).toHaveLength(4);
    const second = data.chapters[1]!;
    expect(second).toMatchObject({ code: `${sun.code}-2`, position: 2, path: `/${sun.code}-2/${sun.code}` });
    // The size and hash of the text the chapter page shows.
    const view = await t.services.books.getChapter(`${sun.code}-2`);
    const text = view!.chapter.bodyHtml + '\u0000' + (view!.chapter.parallelHtml ?? '');
    const sha256 = createHash('sha256').update(text).digest('hex');
    expect(second.contentSha256).toBe(sha256);
    expect(view!.chapter.contentSha256).toBe(sha256);
    expect(second.textBytes).toBe(Buffer.byteLength(text) - 1);
    expect(data.textBytes).toBe(data.chapters.reduce((sum, c) => sum + c.textBytes, 0));
    expect(new Set(data.chapters.map((c) => c.contentSha256)).size).toBe(4);
    await expectNotFound('/public/doc/khong-co/offline');
  });

  it('GET /public/doc/all-doc-content lists every published book with its contents and no text', async () => {
    const res = await get('/public/doc/all-doc-content');
    expect(res.status).toBe(200);
    const { data } = ZBookCatalogueResponseSchema.parse(await res.json());
    expect(data).toHaveLength(9);
    expect(data.find((b) => b.code === sun.code)!.toc).toHaveLength(4);
    expect(data.find((b) => b.code === heart.code)!.toc).toHaveLength(1);
    for (const book of data) expect(book.toc).toHaveLength(book.chapterCount);
    expect(JSON.stringify(data)).not.toMatch(/bodyHtml|<p/);
  });

  it('GET /public/chapter/{code}/{chapter} finds a chapter by position or by code', async () => {
    const byPosition = await get(`/public/chapter/${sun.code}/2`);
    expect(byPosition.status).toBe(200);
    const first = ZChapterViewSchema.parse((await byPosition.json()).data);
    expect(first.chapter).toMatchObject({ code: `${sun.code}-2`, position: 2, title: 'Thưa Hỏi' });
    expect(first.previous?.code).toBe(`${sun.code}-1`);
    expect(first.toc).toHaveLength(4);

    const byCode = await get(`/public/chapter/${sun.code}/${sun.code}-2`);
    expect(byCode.status).toBe(200);
    expect(ZChapterViewSchema.parse((await byCode.json()).data)).toEqual(first);
    // The same as the reader page's view.
    expect(first).toEqual(await t.services.books.getChapter(`${sun.code}-2`));
  });

  it('answers 404 with a Vietnamese message for unknown books and chapters', async () => {
    await expectNotFound('/public/book/khong-co');
    await expectNotFound('/public/doc/khong-co');
    await expectNotFound('/public/chapter/khong-co/1');
    await expectNotFound(`/public/chapter/${sun.code}/0`);
    await expectNotFound(`/public/chapter/${sun.code}/5`);
    await expectNotFound(`/public/chapter/${sun.code}/999999999999`);
    await expectNotFound(`/public/chapter/${sun.code}/khong-co`);
    // A chapter of another book is not a chapter of this one.
    await expectNotFound(`/public/chapter/${sun.code}/${heart.code}-1`);
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
    const made = page.items.find((i) => i.kind === 'book' && i.code === sun.code) as LibraryBookItem;
    expect(made).toMatchObject({ chapterCount: 4, firstChapterCode: `${sun.code}-1` });
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
        const res = await get(`/${scope}/library/search/?${query}`, scope === 'admin' ? admin : undefined);
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
    const found = await search(`tim=${encodeURIComponent('anh sang')}`);
    expect(titlesOf(found.items)).toEqual([sun.title]);
    expect(found.total).toBe(1);

    const byName = await search(`ten=${encodeURIComponent('hoa sen')}`);
    expect(titlesOf(byName.items)).toEqual([lotus.title]);

    // Upper case, with diacritics, and tim in the description or credits.
    expect(titlesOf((await search(`tim=${encodeURIComponent('QUANG MINH')}`)).items)).toEqual([sun.title]);
    expect((await search(`tim=${encodeURIComponent('nguoi bien soan')}`)).total).toBe(9);
    expect((await search(`tim=${encodeURIComponent('dem sam')}`)).items.map((i) => i.title)).toEqual([
      'Đêm Sám Hối (bản thử)',
    ]);

    // One name field (decision 0020): the words in titles give those titles, the ones starting
    // with them first; by title within each. In no title, the credits and descriptions count
    // (every book's author is "Kinh điển…", yet only the five titles with "Kinh" come).
    const kinh = await search('tim=kinh');
    expect(kinh.total).toBe(5);
    const titles = titlesOf(kinh.items);
    expect(titles.every((title) => fold(title).includes('kinh'))).toBe(true);
    const ranks = titles.map((title) => (fold(title).startsWith('kinh') ? 0 : 1));
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(ranks).size).toBe(2);
    expect(titlesOf((await search(`tim=${encodeURIComponent('hoa sen')}`)).items)).toEqual([lotus.title]);
    // ten (the name field of before) is the same field: old addresses find what tim finds.
    expect(await search('ten=kinh')).toEqual(kinh);
    expect(await search(`ten=${encodeURIComponent('nguoi bien soan')}`)).toEqual(
      await search(`tim=${encodeURIComponent('nguoi bien soan')}`),
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

  it('loai=phap-am lists talks, 10 a page by default', async () => {
    const page = await search('loai=phap-am');
    expect([page.total, page.page, page.perPage, page.items.length]).toEqual([TALKS, 1, 10, 10]);
    expect(await search('loai=phap-am&phut=30&ngay=2020-01-01&tim=khong%20co%20bai%20nay')).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 10,
    });
  });

  it('loai=phap-am filters talks by text, duration and date', async () => {
    const before = (await search('loai=phap-am')).total;
    const make = factories(t);
    const talk = (title: string, minutes: number, recordedOn: string, status: 'published' | 'draft' = 'published') =>
      make.talk({ title, speaker: 'Thầy Minh Tuệ', duration: minutes * 60, recordedOn, status });
    await talk('Vô thường', 20, '2024-05-01');
    await talk('Tứ diệu đế', 45, '2025-01-10');
    await talk('Bàn về vô thường (bản nháp)', 5, '2025-02-01', 'draft');

    const all = await search('loai=phap-am');
    expect(all.total).toBe(before + 2); // the draft is not listed
    expect(all.items.every((i) => i.kind === 'phap-am')).toBe(true);
    expect(titlesOf((await search('loai=phap-am&tim=vo%20thuong')).items)).toEqual(['Vô thường']);
    expect(titlesOf((await search('loai=phap-am&tim=minh%20tue')).items)).toHaveLength(2);
    expect(titlesOf((await search('loai=phap-am&phut=30&tim=minh%20tue')).items)).toEqual(['Vô thường']);
    expect(titlesOf((await search('loai=phap-am&ngay=2025-01-01&tim=minh%20tue')).items)).toEqual(['Tứ diệu đế']);
    expect(titlesOf((await search('loai=phap-am&ten=tu%20dieu')).items)).toEqual(['Tứ diệu đế']);
    const forAdmin = await search('loai=phap-am&tim=vo%20thuong', admin, 'admin');
    // The title starting with the words comes first.
    expect(forAdmin.items.map((i) => [i.title, i.status])).toEqual([
      ['Vô thường', 'published'],
      ['Bàn về vô thường (bản nháp)', 'draft'],
    ]);
  });

  it('GET /admin/library/search/: 401 without a token, 403 for a reader, 200 for moderators and admins', async () => {
    const make = factories(t);
    const anonymous = await get('/admin/library/search/');
    expect(anonymous.status).toBe(401);
    expect(ZErrorResponseSchema.parse(await anonymous.json()).errorCode).toBe('UNAUTHENTICATED');

    const reader = await get('/admin/library/search/', await make.reader());
    expect(reader.status).toBe(403);
    const forbidden = ZErrorResponseSchema.parse(await reader.json());
    expect(forbidden.errorCode).toBe('FORBIDDEN');
    expect(forbidden.errorMessage).toBe('Bạn không có quyền thực hiện thao tác này.');

    for (const staff of [await make.moderator(), admin]) {
      const page = await search('', staff, 'admin');
      expect(page.total).toBe(9);
      expect(page.items.every((i) => i.status === 'published')).toBe(true);
    }
  });

  it('a draft and a pending book leave the public calls and stay in the admin search with their status', async () => {
    const db = t.db.database.db;
    await db.updateTable('books').set({ status: 'draft' }).where('code', '=', filial.code).execute();
    await db.updateTable('books').set({ status: 'pending' }).where('code', '=', teaching.code).execute();
    try {
      await expectNotFound(`/public/book/${filial.code}`);
      await expectNotFound(`/public/doc/${filial.code}`);
      await expectNotFound(`/public/doc/${filial.code}/offline`);
      await expectNotFound(`/public/chapter/${filial.code}/1`);
      await expectNotFound(`/public/book/${teaching.code}`);
      const catalogue = ZBookCatalogueResponseSchema.parse(await (await get('/public/doc/all-doc-content')).json());
      expect(catalogue.data.map((b) => b.code)).not.toContain(filial.code);
      expect(catalogue.data).toHaveLength(7);

      const publicPage = await search('');
      expect(publicPage.total).toBe(7);
      expect(publicPage.items.map((i) => i.kind === 'book' && i.code)).not.toContain(filial.code);
      expect((await search('ten=bao%20hieu')).total).toBe(0);

      for (const staff of [await factories(t).moderator(), admin]) {
        const page = await search('', staff, 'admin');
        expect(page.total).toBe(9);
        const statusOf = (code: string) =>
          page.items.find((i): i is LibraryBookItem => i.kind === 'book' && i.code === code)?.status;
        expect(statusOf(filial.code)).toBe('draft');
        expect(statusOf(teaching.code)).toBe('pending');
        expect(statusOf(sun.code)).toBe('published');
        const drafts = await search('ten=bao%20hieu', staff, 'admin');
        expect(drafts.items.map((i) => [i.title, i.status])).toEqual([[filial.title, 'draft']]);
      }
    } finally {
      await db
        .updateTable('books')
        .set({ status: 'published' })
        .where('code', 'in', [filial.code, teaching.code])
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
