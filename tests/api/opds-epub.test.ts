import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { parseDocument } from 'htmlparser2';
import * as DomUtils from 'domutils';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEpub } from '#server/import/epub.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ORIGIN = 'https://phapbao.example.org';
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'epub');
/** Debian's `epubcheck` package (scripts/ensure-system-tools.mjs installs it with Java). */
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
const run = promisify(execFile);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link', 'Url'].includes(name),
});

interface Link {
  rel: string;
  href: string;
  type: string;
}
interface Entry {
  id: string;
  title: string;
  link: Link[];
  author?: { name: string };
  'dc:language'?: string;
}
interface Feed {
  feed: { id: string; title: string; link: Link[]; entry?: Entry[]; 'opensearch:totalResults'?: number };
}

/** The words of every paragraph of some HTML, in order (headings and the EPUB's section line left out). */
function paragraphsOf(html: string): string[] {
  const document = parseDocument(html);
  return DomUtils.findAll((e) => e.name === 'p' && e.attribs.class !== 'section', document.children)
    .map((p) => DomUtils.textContent(p).replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe.each(engines)('the OPDS catalog and the books as EPUB on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_URL: ORIGIN } });
    // Books of other writing: ruby (Japanese) and right-to-left Arabic with pictures.
    for (const name of ['kusamakura-preview.epub', 'regime-anticancer-arabic.epub']) {
      const outcome = await t.services.importer.importOne({ name, bytes: fs.readFileSync(path.join(FIXTURES, name)) });
      expect(outcome.status, name).not.toBe('failed');
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** A GET by the absolute address a feed gives (a forged Host changes nothing). */
  const follow = async (url: string, expected = 200) => {
    expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
    const res = await t.app.request(url.slice(ORIGIN.length), { headers: { host: 'attacker.example' } });
    expect(res.status, url).toBe(expected);
    return res;
  };
  const feedAt = async (url: string) => {
    const res = await follow(url);
    expect(res.headers.get('content-type')).toContain('profile=opds-catalog');
    return (xml.parse(await res.text()) as Feed).feed;
  };
  const linkOf = (links: Link[], rel: string) => links.find((l) => l.rel === rel);

  it('opens at /opds with a navigation feed whose links lead to acquisition feeds of every published book', async () => {
    const root = await feedAt(`${ORIGIN}/opds`);
    expect(linkOf(root.link, 'self')).toMatchObject({
      href: `${ORIGIN}/opds`,
      type: expect.stringContaining('kind=navigation'),
    });
    expect(linkOf(root.link, 'start')!.href).toBe(`${ORIGIN}/opds`);
    expect(linkOf(root.link, 'search')).toMatchObject({ type: 'application/opensearchdescription+xml' });
    expect(root.entry!.map((e) => e.title)).toEqual(['Sách mới', 'Tất cả sách']);

    const published = await t.services.library.listBooks();
    for (const entry of root.entry!) {
      const acquisition = entry.link.find((l) => l.type.includes('kind=acquisition'))!;
      const feed = await feedAt(acquisition.href);
      expect(feed.title).toBe(entry.title);
      expect(Number(feed['opensearch:totalResults'])).toBe(published.length);
      expect(new Set(feed.entry!.map((e) => e.title))).toEqual(new Set(published.map((b) => b.title)));
      for (const book of feed.entry!) {
        expect(book.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
        const epub = linkOf(book.link, 'http://opds-spec.org/acquisition/open-access')!;
        expect(epub.type).toBe('application/epub+zip');
        expect(linkOf(book.link, 'alternate')!.type).toBe('text/html');
        // Every book has a picture: its uploaded cover, else the one drawn for it.
        for (const rel of ['http://opds-spec.org/image', 'http://opds-spec.org/image/thumbnail']) {
          const link = linkOf(book.link, rel)!;
          const res = await follow(link.href);
          expect(res.headers.get('content-type'), link.href).toBe(link.type);
          expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe(link.type.slice(6));
        }
      }
    }
    const byTitle = await feedAt(`${ORIGIN}/opds/sach`);
    const titles = byTitle.entry!.map((e) => e.title);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('vi', { sensitivity: 'base', numeric: true }).compare));
    expect(linkOf(byTitle.link, 'next')).toBeUndefined();
    expect(linkOf(byTitle.link, 'last')!.href).toBe(`${ORIGIN}/opds/sach`);
  });

  it('searches through its OpenSearch description, with or without diacritics', async () => {
    const root = await feedAt(`${ORIGIN}/opds`);
    const description = xml.parse(await (await follow(linkOf(root.link, 'search')!.href)).text()) as {
      OpenSearchDescription: { Url: { type: string; template: string }[] };
    };
    const url = description.OpenSearchDescription.Url.find((u) => u.type.includes('kind=acquisition'))!;
    expect(url.template).toBe(`${ORIGIN}/opds/tim?q={searchTerms}`);
    const [book] = await t.services.library.listBooks();
    const word = book!.title.split(' ').at(-1)!;
    for (const term of [word, word.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D')]) {
      const found = await feedAt(url.template.replace('{searchTerms}', encodeURIComponent(term)));
      expect(
        found.entry!.map((e) => e.title),
        term,
      ).toContain(book!.title);
    }
    const none = await feedAt(url.template.replace('{searchTerms}', 'khôngcótừnày'));
    expect(none.entry ?? []).toEqual([]);
  });

  it('refuses a bad page or an empty search with a Vietnamese 400, an unknown book with a 404', async () => {
    for (const [url, message] of [
      ['/opds/sach?page=0', 'Số trang phải là số nguyên từ 1 đến 10000.'],
      ['/opds/moi?page=abc', 'Số trang phải là số nguyên từ 1 đến 10000.'],
      ['/opds/tim?q=', 'Hãy nhập từ khóa để tìm sách.'],
      [`/opds/tim?q=${'a'.repeat(201)}`, 'Từ khóa tìm sách dài tối đa 200 ký tự.'],
    ] as const) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(400);
      expect(await res.text(), url).toContain(message);
    }
    for (const file of ['khong-co-sach-nay.epub', 'khong-co-sach-nay.jpg']) {
      const missing = await t.app.request(`/sach/${file}`);
      expect(missing.status, file).toBe(404);
      expect(await missing.text(), file).toContain('Không tìm thấy cuốn sách này.');
    }
    // A book that is not published is not offered either.
    const repos = createRepositories(t.db.database.db);
    const [first] = await t.services.library.listBooks();
    const row = (await repos.books.findByCode(first!.code))!;
    await repos.books.updateBook(row.id, { status: 'draft' });
    try {
      expect((await t.app.request(`/sach/${first!.code}.epub`)).status).toBe(404);
      expect((await t.app.request(`/sach/${first!.code}.jpg`)).status).toBe(404);
      const all = await feedAt(`${ORIGIN}/opds/sach`);
      expect(all.entry!.map((e) => e.title)).not.toContain(first!.title);
    } finally {
      await repos.books.updateBook(row.id, { status: 'published' });
    }
  });

  it('gives every book as an EPUB that EPUBCheck accepts and our importer reads back as stored', async () => {
    const all = await feedAt(`${ORIGIN}/opds/sach`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-epub-'));
    const epubs: { code: string; pictures: number; cover: boolean; language: string | null; bytes: Buffer }[] = [];
    try {
      for (const entry of all.entry!) {
        const href = linkOf(entry.link, 'http://opds-spec.org/acquisition/open-access')!.href;
        const res = await follow(href);
        expect(res.headers.get('content-type')).toBe('application/epub+zip');
        expect(res.headers.get('content-disposition')).toContain('.epub');
        const bytes = Buffer.from(await res.arrayBuffer());
        // Deterministic: the same bytes again, and a 304 for the same ETag.
        expect(Buffer.from(await (await follow(href)).arrayBuffer()).equals(bytes)).toBe(true);
        const etag = res.headers.get('etag')!;
        const again = await t.app.request(href.slice(ORIGIN.length), { headers: { 'if-none-match': etag } });
        expect(again.status).toBe(304);

        const code = decodeURIComponent(new URL(href).pathname.split('/')[2]!).replace(/\.epub$/, '');
        const document = await t.services.library.getDocument(code);
        const read = await readEpub(bytes);
        expect(read.title).toBe(document.title);
        expect(read.author).toBe(document.author);
        expect(read.identifier).toBe(entry.id);
        expect(read.language).toBe(document.language ?? 'vi');
        // The cover page and the licence page stay out of the reading order: the chapters come back as stored.
        expect(read.chapters.map((c) => c.title)).toEqual(
          document.chapters.map((c, i) => c.title ?? `Chương ${i + 1}`),
        );
        for (const [i, chapter] of document.chapters.entries()) {
          expect(paragraphsOf(read.chapters[i]!.html), `${code} ${i + 1}`).toEqual(paragraphsOf(chapter.bodyHtml));
        }
        // Every book has a cover: its own, else the one the site draws for it (title on the book's hue).
        const cover = await sharp(read.cover!).metadata();
        expect(cover.format, code).toBe('jpeg');
        if (document.coverImage === null) {
          expect(cover).toMatchObject({ width: 600, height: 800 });
          // The same picture the catalog shows for it.
          const drawn = await follow(linkOf(entry.link, 'http://opds-spec.org/image')!.href);
          expect(Buffer.from(await drawn.arrayBuffer()).equals(read.cover!)).toBe(true);
        }
        // The licence page, outside the reading order, names the book's licence and links it.
        const licence = parseDocument(strFromU8(unzipSync(bytes)['OEBPS/giay-phep.xhtml']!), { xmlMode: true });
        expect(DomUtils.textContent(licence), code).toContain(document.license.name);
        expect(
          DomUtils.findOne((e) => e.attribs.href === document.license.url, licence.children),
          code,
        ).not.toBeNull();
        const pictures = document.chapters.flatMap((c) => c.bodyHtml.match(/<img[^>]*>/g) ?? []).length;
        expect(read.images.size > 0, code).toBe(pictures > 0);
        epubs.push({ code, pictures, cover: document.coverImage !== null, language: read.language, bytes });
      }
      // EPUBCheck (the W3C's checker, Debian's package) on one engine (the files are the same), for
      // the books that differ in kind: with pictures, with a cover, in other scripts, and a plain one.
      if (engine !== engines[0]) return;
      const chosen = new Set([
        epubs.find((e) => e.pictures > 0),
        epubs.find((e) => e.cover),
        epubs.find((e) => e.language?.startsWith('ja')),
        epubs.find((e) => e.language?.startsWith('ar')),
        epubs.find((e) => !e.cover && e.pictures === 0 && e.language === 'vi'),
      ]);
      expect(chosen.has(undefined)).toBe(false);
      for (const epub of chosen) {
        const file = path.join(dir, `${epub!.code}.epub`);
        fs.writeFileSync(file, epub!.bytes);
        const result = await run('java', ['-jar', EPUBCHECK_JAR, file]).then(
          (r) => ({ code: 0, out: r.stdout + r.stderr }),
          (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
        );
        expect(result.out, file).not.toMatch(/(ERROR|FATAL|WARNING)\(/);
        expect(result.code, `${file}\n${result.out}`).toBe(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
