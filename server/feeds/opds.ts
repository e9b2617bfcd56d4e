import { SITE_NAME } from '#common/constants.ts';
import { bookPath } from '#common/paths.ts';
import { xmlText as xml } from './xml.ts';

/** One book of an acquisition feed. */
export interface OpdsBook {
  code: string;
  /** `urn:uuid:…`, the same as its EPUB's identifier. */
  id: string;
  title: string;
  author: string | null;
  translator: string | null;
  description: string | null;
  category: string | null;
  language: string;
  updated: string;
  published: string;
  coverImage: string | null;
  license: { spdx: string; name: string; url: string };
}

export const OPDS_PATH = '/opds';
export const OPDS_SEARCH_PATH = '/opds/tim';
export const OPDS_OPENSEARCH_PATH = '/opds/opensearch.xml';
export const OPDS_ALL_PATH = '/opds/sach';
export const OPDS_NEW_PATH = '/opds/moi';

/** Where a book's EPUB is downloaded. */
export function bookEpubPath(code: string): string {
  // A file name at the end: reading apps and link walkers take it for the file it is.
  return `/sach/${encodeURIComponent(code)}.epub`;
}

/** Where the cover drawn for a book without one is served (a JPEG, the one its EPUB carries). */
export function bookDrawnCoverPath(code: string): string {
  return `/sach/${encodeURIComponent(code)}.jpg`;
}

const NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation';
export const ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
const OPENSEARCH = 'application/opensearchdescription+xml';

/** RFC 3339 as Atom wants it, from our ISO-8601 texts. */
function atomDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '1970-01-01T00:00:00Z' : `${date.toISOString().slice(0, 19)}Z`;
}

function feed(parts: {
  origin: string;
  id: string;
  title: string;
  updated: string;
  self: string;
  kind: string;
  links?: string[];
  entries: string[];
}): string {
  const { origin } = parts;
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/terms/" xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xml:lang="vi">
  <id>${xml(parts.id)}</id>
  <title>${xml(parts.title)}</title>
  <updated>${atomDate(parts.updated)}</updated>
  <author><name>${xml(SITE_NAME)}</name><uri>${xml(origin)}/</uri></author>
  <icon>${xml(origin)}/favicon.svg</icon>
  <link rel="self" href="${xml(origin + parts.self)}" type="${parts.kind}"/>
  <link rel="start" href="${xml(origin + OPDS_PATH)}" type="${NAVIGATION}"/>
  <link rel="up" href="${xml(origin + OPDS_PATH)}" type="${NAVIGATION}"/>
  <link rel="search" href="${xml(origin + OPDS_OPENSEARCH_PATH)}" type="${OPENSEARCH}" title="Tìm sách"/>
${(parts.links ?? []).map((l) => `  ${l}`).join('\n')}
${parts.entries.join('\n')}
</feed>
`.replace(/\n{2,}/g, '\n');
}

/**
 * The catalog's root (OPDS 1.2 navigation feed): the newest books, every book by title, and the
 * search every OPDS reader (KOReader, Thorium, Moon+ Reader) offers through the OpenSearch
 * description.
 */
export function renderOpdsRoot(origin: string, updated: string, total: number): string {
  const entry = (title: string, path: string, summary: string, rel: string) => `  <entry>
    <id>${xml(origin + path)}</id>
    <title>${xml(title)}</title>
    <updated>${atomDate(updated)}</updated>
    <content type="text">${xml(summary)}</content>
    <link rel="${rel}" href="${xml(origin + path)}" type="${ACQUISITION}"/>
  </entry>`;
  return feed({
    origin,
    id: `${origin}${OPDS_PATH}`,
    title: `${SITE_NAME} — thư viện sách`,
    updated,
    self: OPDS_PATH,
    kind: NAVIGATION,
    entries: [
      entry('Sách mới', OPDS_NEW_PATH, 'Những cuốn sách mới đưa lên thư viện.', 'http://opds-spec.org/sort/new'),
      entry('Tất cả sách', OPDS_ALL_PATH, `${total} cuốn, theo tên sách.`, 'subsection'),
    ],
  });
}

/** The cover's picture and thumbnail: the uploaded one's sizes, else the drawn one (reading apps list books by their covers). */
function coverLinks(book: OpdsBook, origin: string): [string, string, string] {
  if (!book.coverImage) {
    const drawn = `${origin}${bookDrawnCoverPath(book.code)}`;
    return [drawn, drawn, 'image/jpeg'];
  }
  const cover = `${origin}${book.coverImage}`;
  return [cover, cover.replace(/-\d+\.webp$/, '-150.webp'), 'image/webp'];
}

function bookEntry(book: OpdsBook, origin: string): string {
  const [cover, thumbnail, type] = coverLinks(book, origin);
  return [
    '  <entry>',
    `    <id>${xml(book.id)}</id>`,
    `    <title>${xml(book.title)}</title>`,
    ...(book.author ? [`    <author><name>${xml(book.author)}</name></author>`] : []),
    ...(book.translator ? [`    <contributor><name>${xml(book.translator)}</name></contributor>`] : []),
    `    <updated>${atomDate(book.updated)}</updated>`,
    `    <published>${atomDate(book.published)}</published>`,
    `    <dc:language>${xml(book.language)}</dc:language>`,
    `    <dc:publisher>${xml(SITE_NAME)}</dc:publisher>`,
    `    <rights>${xml(`${book.license.name} (${book.license.spdx})`)}</rights>`,
    ...(book.category ? [`    <category term="${xml(book.category)}" label="${xml(book.category)}"/>`] : []),
    ...(book.description ? [`    <summary type="text">${xml(book.description)}</summary>`] : []),
    `    <link rel="http://opds-spec.org/acquisition/open-access" href="${xml(origin + bookEpubPath(book.code))}" type="application/epub+zip" title="Tải EPUB"/>`,
    `    <link rel="alternate" href="${xml(origin + bookPath(book.code))}" type="text/html" title="Đọc trên trang"/>`,
    `    <link rel="http://opds-spec.org/image" href="${xml(cover)}" type="${type}"/>`,
    `    <link rel="http://opds-spec.org/image/thumbnail" href="${xml(thumbnail)}" type="${type}"/>`,
    '  </entry>',
  ].join('\n');
}

/**
 * A page of books (OPDS 1.2 acquisition feed): each with its open-access EPUB, its page and cover,
 * and first/previous/next/last links between pages (`path` carries the page's other parameters).
 */
export function renderOpdsBooks(parts: {
  origin: string;
  title: string;
  path: string;
  params?: Record<string, string>;
  books: OpdsBook[];
  page: number;
  perPage: number;
  total: number;
}): string {
  const { origin, page, perPage, total } = parts;
  const last = Math.max(1, Math.ceil(total / perPage));
  const at = (n: number) => {
    const query = new URLSearchParams({ ...parts.params, ...(n > 1 ? { page: String(n) } : {}) }).toString();
    return `${parts.path}${query ? `?${query}` : ''}`;
  };
  const link = (rel: string, n: number) => `<link rel="${rel}" href="${xml(origin + at(n))}" type="${ACQUISITION}"/>`;
  const updated = parts.books.reduce((max, b) => (b.updated > max ? b.updated : max), '1970-01-01T00:00:00Z');
  return feed({
    origin,
    id: origin + at(page),
    title: parts.title,
    updated,
    self: at(page),
    kind: ACQUISITION,
    links: [
      `<opensearch:totalResults>${total}</opensearch:totalResults>`,
      `<opensearch:itemsPerPage>${perPage}</opensearch:itemsPerPage>`,
      `<opensearch:startIndex>${(page - 1) * perPage + 1}</opensearch:startIndex>`,
      link('first', 1),
      ...(page > 1 ? [link('previous', Math.min(page - 1, last))] : []),
      ...(page < last ? [link('next', page + 1)] : []),
      link('last', last),
    ],
    entries: parts.books.map((b) => bookEntry(b, origin)),
  });
}

/** The OpenSearch description OPDS readers fetch to search the catalog. */
export function renderOpenSearch(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${xml(SITE_NAME)}</ShortName>
  <Description>Tìm sách trong thư viện ${xml(SITE_NAME)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <OutputEncoding>UTF-8</OutputEncoding>
  <Language>vi</Language>
  <Url type="${ACQUISITION}" template="${xml(origin + OPDS_SEARCH_PATH)}?q={searchTerms}"/>
  <Url type="application/atom+xml" template="${xml(origin + OPDS_SEARCH_PATH)}?q={searchTerms}"/>
</OpenSearchDescription>
`;
}
