import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChapterViewSchema } from '#common/contracts/book.schema.ts';
import { factories } from '../factories/tables.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('books service on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('getChapter returns the first chapter of Kinh Kim Cang with its book, contents and neighbours', async () => {
    const view = await t.services.books.getChapter('kinh-kim-cang-1');
    expect(view).not.toBeNull();
    // Only the fields of the contract: parsing strictly leaves the object as it is.
    expect(ZChapterViewSchema.strict().safeParse(view).success).toBe(true);
    expect(ZChapterViewSchema.parse(view)).toEqual(view);
    const { book, chapter, toc, previous, next } = view!;

    expect(book).toMatchObject({
      code: 'kinh-kim-cang',
      title: 'Kinh Kim Cang (phiên âm Hán-Việt)',
      titleOriginal: '金剛般若波羅蜜多經',
      license: {
        spdx: 'Unlicense',
        url: 'https://unlicense.org',
        attribution: 'Bản phiên âm: Phan Tuấn Anh (phineas-pta), biên soạn bản phiên âm.',
      },
    });
    expect(book.license.sourceUrl).toMatch(/^https:\/\/github\.com\/phineas-pta\/kinh_nhat_tung\//);

    expect(chapter).toMatchObject({
      code: 'kinh-kim-cang-1',
      position: 1,
      title: 'Pháp Hội Nhân Do',
      titleOriginal: '法會因由',
      section: null,
    });
    expect(chapter.bodyHtml).toContain('Như thị ngã văn');
    expect(chapter.bodyHtml.startsWith('<p id="p-1">')).toBe(true);
    // The Chinese has one paragraph for each Hán-Việt paragraph.
    const paragraphs = (html: string) => html.match(/<p\b/g)?.length ?? 0;
    expect(chapter.parallelHtml).toContain('如是我聞');
    expect(paragraphs(chapter.parallelHtml!)).toBe(paragraphs(chapter.bodyHtml));

    expect(toc).toHaveLength(32);
    expect(toc.map((c) => c.position)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(toc.map((c) => c.code)).toEqual(Array.from({ length: 32 }, (_, i) => `kinh-kim-cang-${i + 1}`));
    expect(toc[0]).toEqual({ code: 'kinh-kim-cang-1', position: 1, title: 'Pháp Hội Nhân Do' });

    expect(previous).toBeNull();
    expect(next).toMatchObject({ code: 'kinh-kim-cang-2', title: 'Thiện Hiện Khải Thỉnh' });
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
    const opening = await t.services.books.getChapter('nghi-thuc-tung-niem-1');
    expect(opening!.chapter.section).toBe('Mở đầu');
    expect(opening!.toc).toHaveLength(21);

    const heartSutra = await t.services.books.getChapter('bat-nha-tam-kinh-1');
    expect(heartSutra!.toc).toHaveLength(1);
    expect(heartSutra!.previous).toBeNull();
    expect(heartSutra!.next).toBeNull();
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
