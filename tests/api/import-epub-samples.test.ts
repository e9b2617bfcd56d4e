import fs from 'node:fs';
import path from 'node:path/posix';
import nodePath from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { Document, Element } from 'domhandler';
import * as DomUtils from 'domutils';
import { parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChapterViewSchema } from '#common/contracts/book.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { FIXED_LAYOUT_REFUSAL } from '#server/import/epub.ts';
import { makeEpub } from '../factories/import-files.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Real EPUB files written by others (tests/fixtures/epub/README.md): what a reader needs of them
 * comes back through the API — every paragraph in order, ruby, language and direction, pictures
 * with their alt text — and a book is known by its identifier, never by its title.
 */

const engines = await availableEngines();
const FIXTURES = nodePath.resolve(import.meta.dirname, '..', 'fixtures', 'epub');
const sample = (name: string) => fs.readFileSync(nodePath.join(FIXTURES, `${name}.epub`));

/** A copy of an EPUB with its files changed (zipped as OCF asks: mimetype first, stored). */
function rewriteEpub(bytes: Buffer, change: (name: string, text: string) => string): Buffer {
  const entries = unzipSync(new Uint8Array(bytes));
  const files: Zippable = { mimetype: [entries.mimetype!, { level: 0 }] };
  for (const [name, data] of Object.entries(entries)) {
    if (name === 'mimetype') continue;
    files[name] = /\.(opf|xhtml|html|ncx)$/.test(name) ? strToU8(change(name, strFromU8(data))) : data;
  }
  return Buffer.from(zipSync(files));
}

const textOf = (node: Element) => normalizeText(DomUtils.textContent(node)).replace(/\s+/g, ' ').trim();
const paragraphsOf = (root: Document) =>
  DomUtils.findAll((e) => e.name === 'p', root.children)
    .map(textOf)
    .filter(Boolean);

/**
 * The paragraphs of an EPUB as its own files hold them, in spine order: read here with a few
 * lines of our own (not the importer), so a reader that drops, repeats or reorders is caught.
 */
function sourceParagraphs(bytes: Buffer): string[] {
  const entries = unzipSync(new Uint8Array(bytes));
  const xml = (name: string) => parseDocument(strFromU8(entries[name]!), { xmlMode: true });
  const named = (root: Document, name: string) =>
    DomUtils.findAll((e) => e.name === name || e.name.endsWith(`:${name}`), root.children);
  const opfPath = named(xml('META-INF/container.xml'), 'rootfile')[0]!.attribs['full-path']!;
  const opf = xml(opfPath);
  const hrefs = new Map(
    named(opf, 'item').map((i) => [i.attribs.id!.trim(), path.join(path.dirname(opfPath), decodeURI(i.attribs.href!))]),
  );
  const nav = named(opf, 'item').find((i) => (i.attribs.properties ?? '').includes('nav'))?.attribs.id;
  return named(opf, 'itemref')
    .map((ref) => ref.attribs.idref!.trim())
    .filter((id) => id !== nav)
    .flatMap((id) => paragraphsOf(parseDocument(strFromU8(entries[hrefs.get(id)!]!))));
}

describe.each(engines)('importing real EPUB files on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const importEpub = (name: string, bytes: Buffer) => t.services.importer.importOne({ name, bytes });
  const api = async (url: string) => {
    const res = await t.app.request(`/api/v1${url}`);
    expect(res.status, url).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  const bookOf = async (code: string) =>
    (await api(`/public/book/${encodeURIComponent(code)}`)) as {
      code: string;
      title: string;
      language: string | null;
      toc: { code: string; position: number }[];
    };
  /** Every chapter of a book as the reader gets it, by the chapter call. */
  const chaptersOf = async (code: string) => {
    const book = await bookOf(code);
    expect(book.toc.length, code).toBeGreaterThan(0);
    const views = [];
    for (const heading of book.toc) {
      views.push(
        ZChapterViewSchema.parse(await api(`/public/chapter/${encodeURIComponent(code)}/${heading.position}`)),
      );
    }
    return views;
  };
  const count = async (table: 'books' | 'chapters' | 'import_records') =>
    Number(
      (
        await t.db.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('gives every paragraph of each sample back, in order, through the chapter calls', async () => {
    for (const [name, code] of [
      ['kusamakura-preview', '草枕'],
      ['regime-anticancer-arabic', 'le-vrai-regime-anti-cancer'],
      ['epub2-minimal', 'minimal-epub-2-0'],
    ] as const) {
      const bytes = sample(name);
      const outcome = await importEpub(`${name}.epub`, bytes);
      expect(outcome, name).toMatchObject({ status: 'added', path: `/sach/${code}` });
      const served = (await chaptersOf(code)).flatMap((v) => paragraphsOf(parseDocument(v.chapter.bodyHtml)));
      const expected = sourceParagraphs(bytes);
      expect(expected.length, name).toBeGreaterThan(0);
      expect(served, name).toEqual(expected);
    }
  });

  it('keeps ruby readings, and marks the Japanese and the Arabic text with their language and direction', async () => {
    const views = await chaptersOf('草枕');
    // The title page (with the author's portrait and its alt text) comes first, then chapter 一
    // (二 is in the package but not in its spine: not part of the reading order).
    expect(views.map((v) => v.chapter.title)).toEqual(['草枕', '一']);
    expect(views[0]!.chapter.bodyHtml).toMatch(
      /<img alt="著者肖像:夏目漱石" src="\/media\/book-images\/[0-9a-f]{20}\.webp"/,
    );
    const first = views[1];
    expect(first!.book).toMatchObject({ title: '草枕', language: 'ja-JP', direction: 'ltr' });
    const body = parseDocument(first!.chapter.bodyHtml);
    const rubies = DomUtils.findAll((e) => e.name === 'ruby', body.children);
    const source = unzipSync(new Uint8Array(sample('kusamakura-preview')));
    const sourceRubies = (strFromU8(source['EPUB/xhtml/一.xhtml']!).match(/<ruby>/g) ?? []).length;
    expect(rubies.length).toBe(sourceRubies);
    expect(rubies.every((r) => DomUtils.findAll((e) => e.name === 'rt', r.children).length > 0)).toBe(true);
    // A reading is not flattened into its letters: 山路 stays the base, やまみち its reading.
    expect(first!.chapter.bodyHtml).toMatch(/<ruby>山路<rt>やまみち<\/rt><\/ruby>/);

    const [arabic] = await chaptersOf('le-vrai-regime-anti-cancer');
    expect(arabic!.book).toMatchObject({ language: 'ar', direction: 'rtl' });
    // The book's own page says it too (its JSON-LD inLanguage comes from here).
    expect((await bookOf('le-vrai-regime-anti-cancer')).language).toBe('ar');
    expect(arabic!.chapter.bodyHtml).toContain('حسنًا!');
  });

  it('keeps two different books with one title, skips the same file twice, updates a new edition and says so', async () => {
    const preview = sample('kusamakura-preview');
    // Another publication of 草枕: same title, another identifier.
    const other = rewriteEpub(preview, (name, text) =>
      name.endsWith('.opf') ? text.replace('f86268a4-683a-4bba-acf1-f78e8e39e580', 'another-kusamakura-edition') : text,
    );
    const books = await count('books');
    const second = await importEpub('kusamakura-khac.epub', other);
    expect(second).toMatchObject({ status: 'added', title: '草枕', path: '/sach/草枕-2' });
    expect(second.reason).toContain('đã có một sách khác mang mã “草枕”');
    expect(await count('books')).toBe(books + 1);
    expect((await bookOf('草枕')).title).toBe('草枕');
    expect((await bookOf('草枕-2')).title).toBe('草枕');

    const before = {
      books: await count('books'),
      chapters: await count('chapters'),
      records: await count('import_records'),
    };
    for (const [name, bytes] of [
      ['kusamakura-preview.epub', preview],
      ['kusamakura-khac.epub', other],
    ] as const) {
      const again = await importEpub(name, bytes);
      expect(again.status, name).toBe('skipped');
      expect(again.reason).toMatch(/đã được nhập trước đây/);
    }
    expect({
      books: await count('books'),
      chapters: await count('chapters'),
      records: await count('import_records'),
    }).toEqual(before);

    // A new edition: the same identifier, a corrected text — that book is updated, no other.
    const edition = rewriteEpub(other, (name, text) =>
      text.replace('を登りながら、こう考えた。', 'をのぼりながら、こう考えた。'),
    );
    const updated = await importEpub('kusamakura-khac-ban-moi.epub', edition);
    expect(updated).toMatchObject({ status: 'updated', path: '/sach/草枕-2' });
    expect(updated.reason).toContain('bản mới của sách mã định danh “urn:uuid:another-kusamakura-edition”');
    expect(await count('books')).toBe(before.books);
    expect((await chaptersOf('草枕-2'))[1]!.chapter.bodyHtml).toContain('をのぼりながら');
    expect((await chaptersOf('草枕'))[1]!.chapter.bodyHtml).toContain('を登りながら');
  });

  it('stores the pictures of a chapter under /media, cut to size, with their alt text and caption', async () => {
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c9a36b' } })
      .png()
      .toBuffer();
    const epub = makeEpub({
      version: 3,
      title: 'Hình ảnh chùa xưa',
      author: 'Ban biên tập',
      images: { 'images/chua.png': wide },
      chapters: [
        {
          id: 'c1',
          title: 'Cổng tam quan',
          body: '<p>Cổng chùa nhìn từ phía sông.</p><figure><img src="../images/chua.png" alt="Cổng tam quan rêu phủ"/><figcaption>Cổng tam quan buổi sớm.</figcaption></figure><p>Lời <span lang="ar" dir="rtl">مرحبا</span> và <svg><title>Sơ đồ chánh điện</title><rect/></svg> <object data="x.swf"><p>Lời thay cho hình động.</p></object></p>',
        },
      ],
    });
    expect((await importEpub('chua.epub', epub)).status).toBe('added');
    const [view] = await chaptersOf('hinh-anh-chua-xua');
    const html = view!.chapter.bodyHtml;
    const img = DomUtils.findOne((e) => e.name === 'img', parseDocument(html).children, true)!;
    expect(img.attribs).toMatchObject({ alt: 'Cổng tam quan rêu phủ', width: '1200', height: '600' });
    expect(img.attribs.src).toMatch(/^\/media\/book-images\/[0-9a-f]{20}\.webp$/);
    expect(html).toMatch(/<figure><img [^>]+><figcaption>Cổng tam quan buổi sớm\.<\/figcaption><\/figure>/);
    expect(html).toContain('<span lang="ar" dir="rtl">مرحبا</span>');
    expect(html).toContain('Sơ đồ chánh điện');
    expect(html).toContain('Lời thay cho hình động.');
    const res = await t.app.request(img.attribs.src!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(['webp', 1200, 600]);
  });

  it('reads the EPUB 2 quirks EPUBCheck accepts: ids padded with spaces, the OEB 1 document type', async () => {
    const quirky = rewriteEpub(sample('epub2-minimal'), (name, text) =>
      name.endsWith('.opf')
        ? text
            .replace(
              '<dc:identifier id="q">NOID</dc:identifier>',
              '<dc:identifier id=" q ">quirky-epub2</dc:identifier>',
            )
            .replace('unique-identifier="q"', 'unique-identifier=" q "')
            .replace('id="content_001"', 'id=" content_001 "')
            .replace('idref="content_001"', 'idref=" content_001 "')
            .replace(
              'href="content_001.xhtml" media-type="application/xhtml+xml"',
              'href="content_001.xhtml" media-type="text/x-oeb1-document"',
            )
            .replace('Minimal EPUB 2.0', 'Sách EPUB 2 lạ')
        : text,
    );
    const outcome = await importEpub('epub2-la.epub', quirky);
    expect(outcome).toMatchObject({ status: 'added', path: '/sach/sach-epub-2-la' });
    const served = (await chaptersOf('sach-epub-2-la')).flatMap((v) => paragraphsOf(parseDocument(v.chapter.bodyHtml)));
    expect(served).toEqual(sourceParagraphs(sample('epub2-minimal')));
  });

  it('refuses a fixed-layout book with a Vietnamese reason, leaving nothing behind', async () => {
    const before = { books: await count('books'), records: await count('import_records') };
    const outcome = await importEpub('fxl.epub', sample('lay-fxl-layout-pre-paginated'));
    expect(outcome).toMatchObject({ status: 'failed', reason: FIXED_LAYOUT_REFUSAL });
    expect(outcome.reason).toMatch(/dàn trang cố định/);
    expect({ books: await count('books'), records: await count('import_records') }).toEqual(before);
  });

  it('knows a Markdown book by its front-matter id: one title twice stays twice, the same id updates', async () => {
    const md = (id: string, line: string) =>
      Buffer.from(`---\nid: ${id}\ntitle: Kinh Hoa Nghiêm\n---\n# Phần một\n\n${line}`);
    const a = await t.services.importer.importOne({
      name: 'hoa-nghiem-a.md',
      bytes: md('isbn-1', 'Bản dịch thứ nhất.'),
    });
    const b = await t.services.importer.importOne({
      name: 'hoa-nghiem-b.md',
      bytes: md('isbn-2', 'Bản dịch thứ hai.'),
    });
    expect([a.status, a.path, b.status, b.path]).toEqual([
      'added',
      '/sach/kinh-hoa-nghiem',
      'added',
      '/sach/kinh-hoa-nghiem-2',
    ]);
    const c = await t.services.importer.importOne({
      name: 'hoa-nghiem-b2.md',
      bytes: md('isbn-2', 'Bản dịch thứ hai, sửa lại.'),
    });
    expect([c.status, c.path]).toEqual(['updated', '/sach/kinh-hoa-nghiem-2']);
    expect((await chaptersOf('kinh-hoa-nghiem-2'))[0]!.chapter.bodyHtml).toContain('sửa lại');
    expect((await chaptersOf('kinh-hoa-nghiem'))[0]!.chapter.bodyHtml).toContain('Bản dịch thứ nhất.');
  });
});
