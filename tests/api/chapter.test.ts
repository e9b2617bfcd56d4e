import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChapterViewSchema } from '#common/contracts/book.schema.ts';
import { factories } from '../factories/tables.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('books service on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('getChapter returns the first chapter of a book with its book, contents and neighbours', async () => {
    const titles = ['Pháp Hội', 'Khải Thỉnh', 'Chánh Tông'];
    const made = await factories(t).book({
      title: 'Kinh Thử Chương (phiên âm)',
      titleOriginal: '試經',
      license: {
        spdx: 'Unlicense',
        name: 'The Unlicense',
        url: 'https://unlicense.org',
        attribution: 'Bản phiên âm: Người Biên Soạn Thử.',
      },
      sourceUrl: 'https://example.org/kinh-thu/',
      chapters: titles.map((title, i) => ({
        title,
        titleOriginal: `第${i + 1}`,
        html: `<p id="p-1">Như thị ngã văn.</p><p id="p-2">${title}.</p>`,
        parallelHtml: `<p id="p-1">如是我聞。</p><p id="p-2">第${i + 1}</p>`,
      })),
    });
    const view = await t.services.books.getChapter(`${made.code}-1`);
    expect(view).not.toBeNull();
    // Only the fields of the contract: parsing strictly leaves the object as it is.
    expect(ZChapterViewSchema.strict().safeParse(view).success).toBe(true);
    expect(ZChapterViewSchema.parse(view)).toEqual(view);
    const { book, chapter, toc, previous, next } = view!;

    expect(book).toMatchObject({
      code: made.code,
      title: 'Kinh Thử Chương (phiên âm)',
      titleOriginal: '試經',
      license: {
        spdx: 'Unlicense',
        url: 'https://unlicense.org',
        attribution: 'Bản phiên âm: Người Biên Soạn Thử.',
      },
    });
    expect(book.license.sourceUrl).toBe('https://example.org/kinh-thu/');

    expect(chapter).toMatchObject({
      code: `${made.code}-1`,
      position: 1,
      title: 'Pháp Hội',
      titleOriginal: '第1',
      section: null,
    });
    expect(chapter.bodyHtml).toContain('Như thị ngã văn');
    expect(chapter.bodyHtml.startsWith('<p id="p-1">')).toBe(true);
    // The Chinese has one paragraph for each Hán-Việt paragraph.
    const paragraphs = (html: string) => html.match(/<p\b/g)?.length ?? 0;
    expect(chapter.parallelHtml).toContain('如是我聞');
    expect(paragraphs(chapter.parallelHtml!)).toBe(paragraphs(chapter.bodyHtml));

    expect(toc).toHaveLength(3);
    expect(toc.map((c) => c.position)).toEqual([1, 2, 3]);
    expect(toc.map((c) => c.code)).toEqual([1, 2, 3].map((n) => `${made.code}-${n}`));
    expect(toc[0]).toEqual({ code: `${made.code}-1`, position: 1, title: 'Pháp Hội' });

    expect(previous).toBeNull();
    expect(next).toMatchObject({ code: `${made.code}-2`, title: 'Khải Thỉnh' });
  });

  it('a middle chapter has both neighbours, the last one has no next', async () => {
    const made = await factories(t).book({
      chapters: ['Một', 'Hai', 'Ba', 'Bốn', 'Năm'].map((title) => ({ title, html: `<p id="p-1">Phẩm ${title}.</p>` })),
    });
    const codes = made.chapters.map((c) => c.code);
    const middle = await t.services.books.getChapter(codes[2]!);
    expect(middle!.previous?.code).toBe(codes[1]);
    expect(middle!.next?.code).toBe(codes[3]);

    const last = await t.services.books.getChapter(codes[4]!);
    expect(last!.chapter.title).toBe('Năm');
    expect(last!.previous?.code).toBe(codes[3]);
    expect(last!.next).toBeNull();
    expect(last!.toc).toHaveLength(5);
  });

  it('keeps the section of a chapter and the one-chapter books have no neighbours', async () => {
    const make = factories(t);
    const rite = await make.book({
      chapters: [
        { title: 'Chuông', section: 'Mở đầu', html: '<p id="p-1">Chuông.</p>' },
        { title: 'Kệ', html: '<p id="p-1">Kệ.</p>' },
      ],
    });
    const opening = await t.services.books.getChapter(rite.chapters[0]!.code);
    expect(opening!.chapter.section).toBe('Mở đầu');
    expect(opening!.toc).toHaveLength(2);
    expect((await t.services.books.getChapter(rite.chapters[1]!.code))!.chapter.section).toBeNull();

    const single = await make.book({ chapters: [{ title: 'Toàn văn', html: '<p id="p-1">Quán tự tại.</p>' }] });
    const only = await t.services.books.getChapter(single.chapters[0]!.code);
    expect(only!.toc).toHaveLength(1);
    expect(only!.previous).toBeNull();
    expect(only!.next).toBeNull();
  });

  it('answers null for an unknown code', async () => {
    const made = await factories(t).book();
    for (const code of [`${made.code}-999`, made.code, 'khong-co', '', "'; drop table chapters; --"]) {
      expect(await t.services.books.getChapter(code), code).toBeNull();
    }
  });

  it('answers null when the book is not published', async () => {
    const made = await factories(t).book();
    const first = made.chapters[0]!.code;
    await t.db.database.db.updateTable('books').set({ status: 'draft' }).where('code', '=', made.code).execute();
    try {
      expect(await t.services.books.getChapter(first)).toBeNull();
    } finally {
      await t.db.database.db.updateTable('books').set({ status: 'published' }).where('code', '=', made.code).execute();
    }
    expect(await t.services.books.getChapter(first)).not.toBeNull();
  });
});
