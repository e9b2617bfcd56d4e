import { newReader } from '../../factories/reader.ts';
import { adminToken } from './session.ts';

/** Who looks at a page: nobody logged in, a reader, or an administrator. */
export type Visitor = 'anonymous' | 'reader' | 'admin';

export interface KeyPage {
  name: string;
  path: string;
  as: Visitor;
}

async function html(baseURL: string, path: string): Promise<string> {
  const res = await fetch(`${baseURL}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.text();
}

/** The first address in `page` matching `pattern` (its first group), HTML entities undone. */
function firstLink(page: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(page)?.[1];
  if (!found) throw new Error(`no ${what} link found`);
  return found.replaceAll('&amp;', '&');
}

/**
 * The key pages, which must stay accessible and valid. Books, chapters, talks, videos,
 * articles and compilations are taken from the listing pages, so the list follows the content.
 */
export async function discoverKeyPages(baseURL: string): Promise<KeyPage[]> {
  const book = firstLink(await html(baseURL, '/sach'), /href="(\/sach\/[^"/?]+)"/, 'book');
  const bookSlug = book.slice('/sach/'.length);
  const chapter = firstLink(await html(baseURL, book), new RegExp(`href="(/[^"/?]+/${bookSlug})"`), 'chapter');
  const collection = firstLink(await html(baseURL, '/phap-am'), /href="(\/phap-am\/\d+)"/, 'talk collection');
  const talk = firstLink(await html(baseURL, collection), /href="(\/phap-am\/\d+\?nghe=\d+)"/, 'talk');
  const video = firstLink(await html(baseURL, '/videos'), /href="(\/videos\?xem=[^"]+)"/, 'video');
  const article = firstLink(await html(baseURL, '/tin-tuc'), /href="(\/tin-tuc\/(?!rss")[^"/?]+)"/, 'article');
  const compilation = firstLink(await html(baseURL, '/tong-hop'), /href="(\/tong-hop\/\d+)"/, 'compilation');

  const anonymous: [string, string][] = [
    ['home', '/'],
    ['library', '/thu-vien'],
    ['books', '/sach'],
    ['book', book],
    ['chapter', chapter],
    ['search', '/search?query=phat+giao'],
    ['talks', '/phap-am'],
    ['talk', talk],
    ['videos', '/videos'],
    ['video', video],
    ['news', '/tin-tuc'],
    ['article', article],
    ['compilations', '/tong-hop'],
    ['compilation', compilation],
    ['lists', '/danh-sach'],
    ['login', '/login'],
    ['register', '/register'],
    ['guide', '/bai-viet/huong-dan'],
    ['not-found', '/trang-khong-ton-tai'],
  ];
  const reader: [string, string][] = [
    ['profile', '/profile'],
    ['note-groups', '/profile/note-group'],
    ['playlists', '/profile/playlist'],
    ['reading-list', '/profile/reading-list'],
  ];
  return [
    ...anonymous.map(([name, path]) => ({ name, path, as: 'anonymous' as const })),
    ...reader.map(([name, path]) => ({ name, path, as: 'reader' as const })),
    { name: 'admin', path: '/quan-tri', as: 'admin' },
  ];
}

/** Session tokens of a fresh reader and of the library's administrator. */
export async function sessionTokens(
  baseURL: string,
  dataDir: string,
): Promise<Record<Exclude<Visitor, 'anonymous'>, string>> {
  const reader = newReader();
  const res = await fetch(`${baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string } };
  return { reader: data.token, admin: await adminToken(baseURL, dataDir) };
}
