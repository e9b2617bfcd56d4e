import path from 'node:path/posix';
import { ImportRefusal } from './import-error.ts';
import {
  bodyHtmlOf,
  elementsNamed,
  emptyBook,
  firstNamed,
  parseHtml,
  parseXml,
  textOf,
  titleOrNull,
  type ImportedBook,
} from './imported-book.ts';
import { readZip, type ZipLimits } from './safe-zip.ts';

const NOT_EPUB = 'Tệp .epub này không phải là sách EPUB (thiếu “mimetype” hoặc gói OPF).';

/** A relative href inside the EPUB, resolved against the file that names it; null when it escapes. */
function resolveHref(from: string, href: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(href.split('#')[0]!);
  } catch {
    return null;
  }
  if (!decoded || /^[a-z][a-z0-9+.-]*:/i.test(decoded)) return null;
  const joined = path.normalize(path.join(path.dirname(from), decoded));
  return joined.startsWith('../') || joined.startsWith('/') ? null : joined;
}

/** The table of contents: chapter file → title (EPUB 3 nav document, else the EPUB 2 NCX). */
function tableOfContents(files: Map<string, Buffer>, navPath: string | null, ncxPath: string | null) {
  const titles = new Map<string, string>();
  if (navPath && files.has(navPath)) {
    const nav = parseHtml(files.get(navPath)!.toString('utf8'));
    const tocNav =
      elementsNamed(nav, 'nav').find((n) => (n.attribs['epub:type'] ?? '').split(/\s+/).includes('toc')) ??
      firstNamed(nav, 'nav');
    for (const a of tocNav ? elementsNamed(tocNav, 'a') : []) {
      const target = a.attribs.href ? resolveHref(navPath, a.attribs.href) : null;
      const title = titleOrNull(textOf(a));
      if (target && title && !titles.has(target)) titles.set(target, title);
    }
  }
  if (titles.size === 0 && ncxPath && files.has(ncxPath)) {
    const ncx = parseXml(files.get(ncxPath)!.toString('utf8'));
    for (const point of elementsNamed(ncx, 'navPoint')) {
      const src = firstNamed(point, 'content')?.attribs.src;
      const target = src ? resolveHref(ncxPath, src) : null;
      const title = titleOrNull(textOf(firstNamed(point, 'text')));
      if (target && title && !titles.has(target)) titles.set(target, title);
    }
  }
  return titles;
}

/**
 * An EPUB 2 or 3 book: its metadata (title, creators, language, description, rights), its cover,
 * and its chapters in spine order with the titles of its table of contents (or the chapter's own
 * first heading). Every path is resolved inside the archive; entries outside it refuse the file.
 */
export async function readEpub(bytes: Buffer, limits?: ZipLimits): Promise<ImportedBook> {
  const files = await readZip(bytes, limits);
  if (files.get('mimetype')?.toString('ascii').trim() !== 'application/epub+zip') throw new ImportRefusal(NOT_EPUB);
  const container = files.get('META-INF/container.xml');
  const opfPath = container ? firstNamed(parseXml(container.toString('utf8')), 'rootfile')?.attribs['full-path'] : null;
  if (!opfPath || !files.has(opfPath)) throw new ImportRefusal(NOT_EPUB);
  const opf = parseXml(files.get(opfPath)!.toString('utf8'));

  const metadata = firstNamed(opf, 'metadata');
  const meta = (name: string) => (metadata ? elementsNamed(metadata, name).map(textOf).filter(Boolean) : []);
  const creators = metadata ? elementsNamed(metadata, 'creator') : [];
  const roleOf = (e: (typeof creators)[number]) => e.attribs['opf:role'] ?? e.attribs.role ?? '';
  const authors = creators.filter((c) => !['trl', 'edt'].includes(roleOf(c))).map(textOf);
  const translators = creators.filter((c) => roleOf(c) === 'trl').map(textOf);

  const book = emptyBook(titleOrNull(meta('title')[0]) ?? '');
  book.author = titleOrNull(authors.join(', '));
  book.translator = titleOrNull(translators.join(', '));
  book.language = meta('language')[0] ?? null;
  book.description = titleOrNull(textOf(parseHtml(meta('description')[0] ?? '')));
  book.category = meta('subject')[0] ?? null;

  const items = new Map<string, { href: string; type: string; properties: string }>();
  for (const item of elementsNamed(opf, 'item')) {
    const href = item.attribs.href ? resolveHref(opfPath, item.attribs.href) : null;
    if (item.attribs.id && href) {
      items.set(item.attribs.id, {
        href,
        type: item.attribs['media-type'] ?? '',
        properties: item.attribs.properties ?? '',
      });
    }
  }
  const spine = firstNamed(opf, 'spine');
  const navItem = [...items.values()].find((i) => i.properties.split(/\s+/).includes('nav'));
  const ncxItem = spine?.attribs.toc ? items.get(spine.attribs.toc) : undefined;
  const titles = tableOfContents(files, navItem?.href ?? null, ncxItem?.href ?? null);

  // The cover: EPUB 3's cover-image item, or EPUB 2's <meta name="cover" content="item id">.
  const coverId = elementsNamed(opf, 'meta').find((m) => m.attribs.name === 'cover')?.attribs.content;
  const coverItem =
    [...items.values()].find((i) => i.properties.split(/\s+/).includes('cover-image')) ??
    (coverId ? items.get(coverId) : undefined);
  if (coverItem && coverItem.type.startsWith('image/')) book.cover = files.get(coverItem.href) ?? null;

  for (const ref of spine ? elementsNamed(spine, 'itemref') : []) {
    const item = items.get(ref.attribs.idref ?? '');
    if (!item || ref.attribs.linear === 'no' || item === navItem) continue;
    const file = files.get(item.href);
    if (!file || !/html|xml/.test(item.type)) continue;
    const document = parseHtml(file.toString('utf8'));
    // A page with no words (a cover picture, a blank) is not a chapter.
    if (!textOf(firstNamed(document, 'body') ?? document)) continue;
    const heading = elementsNamed(document, 'h1')[0] ?? elementsNamed(document, 'h2')[0] ?? null;
    book.chapters.push({
      title:
        titles.get(item.href) ?? titleOrNull(textOf(heading)) ?? titleOrNull(textOf(firstNamed(document, 'title'))),
      html: bodyHtmlOf(document),
    });
  }
  if (!book.title) book.title = book.chapters[0]?.title ?? '';
  if (book.chapters.length === 0) throw new ImportRefusal('Sách EPUB không có chương nào có chữ.');
  return book;
}
