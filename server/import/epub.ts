import path from 'node:path/posix';
import { Text, type Document, type Element } from 'domhandler';
import * as DomUtils from 'domutils';
import { ImportRefusal } from './import-error.ts';
import {
  bodyHtmlOf,
  elementsNamed,
  emptyBook,
  firstNamed,
  IMPORT_IMAGE_SCHEME,
  parseHtml,
  parseXml,
  textOf,
  titleOrNull,
  type ImportedBook,
} from './imported-book.ts';
import { canonicalLanguage, directionOfLanguage, directionOrNull, sameLanguage } from './language.ts';
import { readZip, type ZipLimits } from './safe-zip.ts';

const NOT_EPUB = 'Tệp .epub này không phải là sách EPUB (thiếu “mimetype” hoặc gói OPF).';
/** Decision 0023: the reading room reflows text; a book of fixed pages or of pictures only has none to reflow. */
export const FIXED_LAYOUT_REFUSAL =
  'Sách EPUB này dàn trang cố định (fixed layout: mỗi trang là một bản in đặt sẵn), không đọc được theo cỡ chữ và màn hình của điện thoại: thư viện chỉ nhận sách có chữ chảy theo màn hình.';
export const PICTURES_ONLY_REFUSAL =
  'Sách EPUB này chỉ có hình ảnh, không có chương nào có chữ: thư viện chỉ nhận sách đọc được bằng chữ.';

/** Chapter pages: XHTML, HTML, and the OEB 1 document type EPUB 2 still accepts. */
const CHAPTER_TYPES = /html|xml|x-oeb1-document/i;
/** Pictures a chapter may show (what sharp reads). */
const IMAGE_TYPES = /^image\/(jpeg|png|gif|webp|svg\+xml|avif|tiff)$/i;

/** An id as written: EPUBCheck accepts ids padded with spaces in EPUB 2 packages. */
const idOf = (value: string | undefined) => (value ?? '').trim();

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
  book.identifier = identifierOf(opf);
  book.language = canonicalLanguage(meta('language')[0]);
  if (isFixedLayout(files, opf)) throw new ImportRefusal(FIXED_LAYOUT_REFUSAL);
  book.description = titleOrNull(textOf(parseHtml(meta('description')[0] ?? '')));
  book.category = meta('subject')[0] ?? null;

  const items = new Map<string, { href: string; type: string; properties: string }>();
  for (const item of elementsNamed(opf, 'item')) {
    const href = item.attribs.href ? resolveHref(opfPath, item.attribs.href) : null;
    if (idOf(item.attribs.id) && href) {
      items.set(idOf(item.attribs.id), {
        href,
        type: (item.attribs['media-type'] ?? '').trim(),
        properties: item.attribs.properties ?? '',
      });
    }
  }
  const spine = firstNamed(opf, 'spine');
  const navItem = [...items.values()].find((i) => i.properties.split(/\s+/).includes('nav'));
  const ncxItem = spine?.attribs.toc ? items.get(idOf(spine.attribs.toc)) : undefined;
  const titles = tableOfContents(files, navItem?.href ?? null, ncxItem?.href ?? null);

  // The cover: EPUB 3's cover-image item, or EPUB 2's <meta name="cover" content="item id">.
  const coverId = idOf(elementsNamed(opf, 'meta').find((m) => m.attribs.name === 'cover')?.attribs.content);
  const coverItem =
    [...items.values()].find((i) => i.properties.split(/\s+/).includes('cover-image')) ??
    (coverId ? items.get(coverId) : undefined);
  if (coverItem && coverItem.type.startsWith('image/')) book.cover = files.get(coverItem.href) ?? null;

  const pages: { document: Document; href: string; language: string | null; direction: 'ltr' | 'rtl' | null }[] = [];
  for (const ref of spine ? elementsNamed(spine, 'itemref') : []) {
    const item = items.get(idOf(ref.attribs.idref));
    if (!item || ref.attribs.linear?.trim() === 'no' || item === navItem) continue;
    const file = files.get(item.href);
    if (!file || !CHAPTER_TYPES.test(item.type)) continue;
    const document = parseHtml(file.toString('utf8'));
    // A page with no words (a cover picture, a blank) is not a chapter.
    if (!textOf(firstNamed(document, 'body') ?? document)) continue;
    const html = firstNamed(document, 'html');
    const body = firstNamed(document, 'body');
    const language = canonicalLanguage(langOf(body) ?? langOf(html));
    const direction = directionOrNull(body?.attribs.dir) ?? directionOrNull(html?.attribs.dir);
    pages.push({ document, href: item.href, language, direction });
  }
  // The book's direction: what its pages say when they agree, else what its language implies.
  const stated = new Set(pages.map((p) => p.direction));
  book.direction = (stated.size === 1 ? [...stated][0] : null) ?? directionOfLanguage(book.language);
  if (!book.language) book.language = pages.find((p) => p.language)?.language ?? null;

  for (const { document, href, language, direction } of pages) {
    keepLanguageAttributes(document);
    collectImages(document, href, files, items, book);
    const heading = elementsNamed(document, 'h1')[0] ?? elementsNamed(document, 'h2')[0] ?? null;
    const title = titleOrNull(textOf(firstNamed(document, 'title')));
    let chapterHtml = bodyHtmlOf(document);
    // A page in another language or direction than the book keeps its own, around its text.
    const pageDirection = direction ?? directionOfLanguage(language);
    if ((language && !sameLanguage(language, book.language)) || (pageDirection && pageDirection !== book.direction)) {
      const lang = language ? ` lang="${language}"` : '';
      const dir = pageDirection ? ` dir="${pageDirection}"` : '';
      chapterHtml = `<div${lang}${dir}>${chapterHtml}</div>`;
    }
    book.chapters.push({
      title: titles.get(href) ?? titleOrNull(textOf(heading)) ?? title,
      html: chapterHtml,
    });
  }
  if (!book.title) book.title = book.chapters[0]?.title ?? '';
  if (book.chapters.length === 0) throw new ImportRefusal(PICTURES_ONLY_REFUSAL);
  return book;
}

/** The identifier the package's `unique-identifier` names (else its first dc:identifier), trimmed. */
function identifierOf(opf: Document): string | null {
  const uniqueId = idOf(firstNamed(opf, 'package')?.attribs['unique-identifier']);
  const identifiers = elementsNamed(opf, 'identifier');
  const named = uniqueId ? identifiers.find((e) => idOf(e.attribs.id) === uniqueId) : undefined;
  return titleOrNull(textOf(named ?? identifiers[0] ?? null));
}

/** EPUB 3's `rendition:layout` pre-paginated (the package, or every page), or Apple's fixed-layout option. */
function isFixedLayout(files: Map<string, Buffer>, opf: Document): boolean {
  const layout = elementsNamed(opf, 'meta').find((m) => m.attribs.property?.trim() === 'rendition:layout');
  if (textOf(layout ?? null) === 'pre-paginated') return true;
  const refs = elementsNamed(opf, 'itemref');
  if (refs.length > 0 && refs.every((r) => /rendition:layout-pre-paginated/.test(r.attribs.properties ?? ''))) {
    return true;
  }
  const apple = files.get('META-INF/com.apple.ibooks.display-options.xml')?.toString('utf8') ?? '';
  return /<option\s+name="fixed-layout"\s*>\s*true\s*</.test(apple);
}

function langOf(element: Element | null): string | null {
  return element ? (element.attribs.lang ?? element.attribs['xml:lang'] ?? null) : null;
}

/** XHTML writes `xml:lang`; HTML and the sanitiser know `lang`. */
function keepLanguageAttributes(document: Document): void {
  for (const element of DomUtils.findAll(() => true, document.children)) {
    const xmlLang = element.attribs['xml:lang'];
    if (xmlLang !== undefined) {
      if (element.attribs.lang === undefined) element.attribs.lang = xmlLang;
      delete element.attribs['xml:lang'];
    }
  }
}

/**
 * The pictures of a chapter: each `<img>` whose file is in the package is marked for the service
 * (which cuts and stores it); one whose file is missing goes, its alt text left in its place.
 */
function collectImages(
  document: Document,
  from: string,
  files: Map<string, Buffer>,
  items: Map<string, { href: string; type: string }>,
  book: ImportedBook,
): void {
  const types = new Map([...items.values()].map((i) => [i.href, i.type]));
  for (const img of elementsNamed(document, 'img')) {
    const target = img.attribs.src ? resolveHref(from, img.attribs.src) : null;
    const bytes = target ? files.get(target) : undefined;
    if (target && bytes && IMAGE_TYPES.test(types.get(target) ?? 'image/png')) {
      book.images.set(target, bytes);
      img.attribs.src = `${IMPORT_IMAGE_SCHEME}${target}`;
    } else {
      DomUtils.replaceElement(img, new Text(img.attribs.alt ?? ''));
    }
  }
}
