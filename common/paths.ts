/**
 * The addresses of the library's pages, built in one place so that links from search results,
 * lists and pages agree. Query parameter names are Vietnamese, like the library's own (tim, loai).
 */

export function bookPath(bookCode: string): string {
  return `/sach/${bookCode}`;
}

/** A chapter's address: the chapter code, then the book code (for people and search engines). */
export function chapterPath(
  chapterCode: string,
  bookCode: string,
  options: { anchor?: string | null; highlight?: string } = {},
): string {
  const query = options.highlight ? `?${new URLSearchParams({ tim: options.highlight })}` : '';
  return `/${chapterCode}/${bookCode}${query}${options.anchor ? `#${options.anchor}` : ''}`;
}

/** A passage's characters inside its paragraph (a highlight's anchor), or the whole paragraph. */
export interface PassageRange {
  paragraph: string;
  start?: number;
  end?: number;
}

const rangeQuery = (range: PassageRange) =>
  range.start !== undefined && range.end !== undefined ? `?tu=${range.start}&den=${range.end}` : '';

/** The quote card (a PNG made on the server) of a passage of a chapter. */
export function quoteCardPath(chapterCode: string, range: PassageRange): string {
  return `/the-trich/${encodeURIComponent(chapterCode)}/${range.paragraph}.png${rangeQuery(range)}`;
}

/** The address to share a passage by: its chapter at the paragraph, whose page shows the quote card in link previews. */
export function quoteSharePath(chapterCode: string, bookCode: string, range: PassageRange): string {
  const params = new URLSearchParams({ doan: range.paragraph });
  if (range.start !== undefined && range.end !== undefined) {
    params.set('tu', String(range.start));
    params.set('den', String(range.end));
  }
  return `/${chapterCode}/${bookCode}?${params}#${range.paragraph}`;
}

export function collectionPath(collectionId: number): string {
  return `/phap-am/${collectionId}`;
}

/**
 * A talk inside its collection's page, optionally at a moment (whole seconds, rounded up so the
 * moment falls inside the line that starts there rather than at the end of the one before).
 */
export function talkPath(collectionId: number, talkId: number, atSeconds?: number | null): string {
  const params = new URLSearchParams({ nghe: String(talkId) });
  if (atSeconds !== undefined && atSeconds !== null) params.set('t', String(Math.ceil(atSeconds)));
  return `${collectionPath(collectionId)}?${params}`;
}

export function videoPath(slug: string, atSeconds?: number | null): string {
  const params = new URLSearchParams({ xem: slug });
  if (atSeconds !== undefined && atSeconds !== null) params.set('t', String(Math.ceil(atSeconds)));
  return `/videos?${params}`;
}

export function articlePath(slug: string, anchor?: string | null): string {
  return `/tin-tuc/${slug}${anchor ? `#${anchor}` : ''}`;
}

/** The news feed, at a page (the first one has no query). */
export function newsPath(page = 1): string {
  return page > 1 ? `/tin-tuc?page=${page}` : '/tin-tuc';
}

export function newsCategoryPath(slug: string, page = 1): string {
  return `/tin-tuc/danh-muc/${slug}${page > 1 ? `?page=${page}` : ''}`;
}

export const NEWS_FEED_PATH = '/tin-tuc/rss';

export function compilationPath(id?: number): string {
  return id === undefined ? '/tong-hop' : `/tong-hop/${id}`;
}

/** A published note group (quotes list): /danh-sach/{userName}/{id}. */
export function noteListPath(userName: string, id: number): string {
  return `/danh-sach/${encodeURIComponent(userName)}/${id}`;
}

/** One of the reader's own note groups. */
export function noteGroupPath(id: number): string {
  return `/profile/note-group/${id}`;
}
