import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import routeTable from '../../app/routes.ts';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { newReader } from '../factories/reader.ts';
import { adminToken } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const appDir = path.resolve(import.meta.dirname, '..', '..', 'app');

/**
 * No page of the route table is ever wider than a phone's screen: every page route of
 * app/routes.ts, at 320, 390 and 768 px, logged out, logged in and as an admin, with the player bar
 * open and (readers) a chapter of every book read, so "Đọc tiếp" shows where it can. The addresses
 * are real ones, found by following the links of the running site, so a new route fails here until
 * it has a page reachable by a link (or a seed below).
 */
const WIDTHS = [320, 390, 768] as const;
const OFFLINE_PAGE_ROUTE = 'routes/offline/offline-page.tsx';
type State = 'anonymous' | 'reader' | 'admin';

/** Which reader walks the pages of each layout; a new layout must be added here. */
const STATES_OF_LAYOUT: Record<string, State[]> = {
  '': ['anonymous', 'reader'],
  'routes/layouts/default-layout.tsx': ['anonymous', 'reader'],
  'routes/layouts/profile-layout.tsx': ['reader'],
  'routes/layouts/note-group-layout.tsx': ['reader'],
  'routes/admin/admin-layout.tsx': ['admin'],
};

/** Addresses no link leads to (error pages, forms reached by a button, the search page with words). */
const SEEDS: Record<State, string[]> = {
  anonymous: [
    '/',
    '/404',
    '/khong/co/trang-nay',
    '/search?query=t%C3%A2m',
    '/thu-vien',
    '/sach',
    '/phap-am',
    // Shown by the service worker when offline, and the downloads it links to (decision 0025).
    '/ngoai-tuyen',
    '/tai-ve',
    // Reached only from a mail (account recovery): a link that is not valid shows its page too.
    '/dat-lai-mat-khau?token=khong-hop-le',
  ],
  reader: [
    '/',
    '/404',
    '/khong/co/trang-nay',
    '/search?query=t%C3%A2m',
    '/profile',
    '/profile/playlist/edit',
    '/profile/note-group',
    '/profile/moderation',
    '/ngoai-tuyen',
    '/tai-ve',
    // Account recovery: a logged-in reader is sent elsewhere; the anonymous walk covers the pages.
    '/quen-mat-khau',
    '/dat-lai-mat-khau?token=khong-hop-le',
  ],
  admin: ['/quan-tri', '/quan-tri/sach/moi', '/quan-tri/tong-hop/moi', '/quan-tri/bai-viet/moi'],
};

interface PageRoute {
  id: string;
  path: string;
  layout: string;
}

/** The route table as route objects (for matching) and its routes with a page (a default export). */
function readRouteTable(entries: RouteConfigEntry[], layout = ''): { objects: RouteObject[]; pages: PageRoute[] } {
  const objects: RouteObject[] = [];
  const pages: PageRoute[] = [];
  for (const entry of entries) {
    const id = entry.id ?? entry.file;
    if (entry.children) {
      const inner = readRouteTable(entry.children, entry.file);
      objects.push({ id, path: entry.path, children: inner.objects });
      pages.push(...inner.pages);
      continue;
    }
    objects.push(entry.index ? { id, index: true } : { id, path: entry.path });
    // Resource routes (a loader or action only, no page) are not walked.
    if (/^export default /m.test(fs.readFileSync(path.join(appDir, entry.file), 'utf8'))) {
      pages.push({ id, path: entry.index ? '' : (entry.path ?? ''), layout });
    }
  }
  return { objects, pages };
}

const table = readRouteTable(routeTable);

function routeIdOf(url: string): string | undefined {
  const matches = matchRoutes(table.objects, new URL(url, baseURL).pathname);
  return matches?.at(-1)?.route.id;
}

/** Two addresses per route, with and without an optional part where there is one. */
const PER_ROUTE = 2;

/**
 * Follows the site's links from the seeds (server-rendered HTML, with the state's session) until
 * every page route of the state has an address; each route's first address is fetched in turn.
 */
async function findAddresses(state: State, token: string | null): Promise<Map<string, string[]>> {
  const wanted = new Set(table.pages.filter((p) => STATES_OF_LAYOUT[p.layout]?.includes(state)).map((p) => p.id));
  const found = new Map<string, string[]>();
  const queue = [...SEEDS[state]];
  const take = (url: string) => {
    const id = routeIdOf(url);
    if (!id || !wanted.has(id)) return;
    const list = found.get(id) ?? [];
    if (list.length >= PER_ROUTE || list.includes(url)) return;
    // A second address only when it differs in shape (an optional part) or in its id.
    list.push(url);
    found.set(id, list);
    if (list.length === 1) queue.push(url);
  };
  SEEDS[state].forEach(take);
  const fetched = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (fetched.has(url)) continue;
    fetched.add(url);
    const res = await fetch(`${baseURL}${url}`, { headers: token ? { cookie: `pb_token=${token}` } : {} });
    const html = await res.text();
    for (const [, raw] of html.matchAll(/href="(\/[^"#]*)"/g)) {
      const href = raw!.replaceAll('&amp;', '&');
      if (/^\/(api|media|assets)\//.test(href) || /\.[a-z][a-z0-9]*(\?|$)/i.test(href)) continue;
      // Feeds are answered by the server before the pages (server/feeds), not by a page route.
      if (/\/rss$/.test(new URL(href, baseURL).pathname)) continue;
      take(href);
    }
  }
  const missing = [...wanted].filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`${state}: no address found for ${missing.join(', ')}; add a seed`);
  return found;
}

interface Offender {
  url: string;
  width: number;
  scrollWidth: number;
  widest: string[];
}

/** The page's width, and when too wide, the elements sticking out furthest past the right edge. */
async function measure(page: Page): Promise<{ scrollWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= vw) return { scrollWidth, widest: [] };
    const clippedBy = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflowX = getComputedStyle(p).overflowX;
        if (overflowX !== 'visible' && p.getBoundingClientRect().right <= vw + 0.5) return true;
      }
      return false;
    };
    const out: { el: Element; right: number; order: number }[] = [];
    document.body.querySelectorAll('*').forEach((el, order) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > vw + 0.5 && !clippedBy(el)) out.push({ el, right: r.right, order });
      // Text that cannot wrap (a long address) sticks out of a box that fits: its element is named.
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const right = range.getBoundingClientRect().right;
        if (right > vw + 0.5 && right > r.right + 0.5 && !clippedBy(node as ChildNode as Element)) {
          out.push({ el, right, order: order + 0.5 });
        }
      }
    });
    // The furthest right edge first; among equals the innermost (last in document order).
    out.sort((a, b) => b.right - a.right || b.order - a.order);
    const describe = ({ el, right }: { el: Element; right: number }) => {
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} → ${Math.round(right)} px “${text}”`;
    };
    return { scrollWidth, widest: out.slice(0, 3).map(describe) };
  });
}

/** Plays a talk and pauses it: the player bar then stays open on every page (restored, paused). */
async function openPlayerBar(context: BrowserContext, talkPage: string) {
  const page = await context.newPage();
  await page.goto(`${baseURL}${talkPage}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.getByTestId('talk-play').click();
  await page.getByTestId('player-bar').waitFor();
  await page.getByTestId('player-toggle').click();
  await page.close();
}

/**
 * A returning reader: a chapter of every book opened once, so the book pages and the home page
 * show "Đọc tiếp" with the chapter's title (device history, or the account's when logged in).
 */
async function readEveryBook(context: BrowserContext, token: string | null) {
  const headers: Record<string, string> = token ? { cookie: `pb_token=${token}` } : {};
  const books = await (await fetch(`${baseURL}/sach`, { headers })).text();
  const codes = [...new Set([...books.matchAll(/href="\/sach\/([^"/?#]+)"/g)].map((m) => m[1]!))];
  expect(codes.length).toBeGreaterThan(0);
  const page = await context.newPage();
  for (const code of codes) {
    const book = await (await fetch(`${baseURL}/sach/${code}`, { headers })).text();
    const chapter = new RegExp(`href="(/[^"/?#]+/${code})"`).exec(book)?.[1];
    if (!chapter) continue;
    await page.goto(`${baseURL}${chapter}`, { waitUntil: 'networkidle' });
  }
  await page.close();
}

const walked = new Map<State, Set<string>>();

/**
 * A reader with a playlist and a public, approved note group (a list on /danh-sach), so those
 * pages have an address; all removed again at the end.
 */
const fixture = { reader: '', admin: '', playlist: 0, noteGroup: 0, note: 0 };
beforeAll(async () => {
  const reader = newReader();
  const res = await fetch(`${baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  fixture.reader = ((await res.json()) as { data: { token: string } }).data.token;
  fixture.admin = await adminToken(baseURL, dataDir);
  fixture.playlist = (await api(fixture.reader, 'POST', '/create_playlist', { name: 'Nghe trên điện thoại' })).id;
  fixture.noteGroup = (await api(fixture.reader, 'POST', '/note_groups', { name: 'Ghi chú trên điện thoại' })).id;
  fixture.note = (
    await api(fixture.reader, 'POST', '/notes', {
      content: 'Thương người như thể thương thân.',
      sourceTitle: 'Ca dao',
      color: 'aqua',
      noteGroupId: fixture.noteGroup,
    })
  ).id;
  await api(fixture.reader, 'PUT', `/note_group/${fixture.noteGroup}`, { isPublic: true });
  await api(fixture.admin, 'POST', `/moderation/note_group/${fixture.noteGroup}`, { decision: 'approve' });
});
afterAll(async () => {
  if (fixture.playlist) await api(fixture.reader, 'POST', '/remove_playlist', { id: fixture.playlist });
  if (fixture.noteGroup) await api(fixture.reader, 'DELETE', `/note_group/${fixture.noteGroup}`);
  if (fixture.note) await api(fixture.reader, 'DELETE', `/note/${fixture.note}`);
});

function describeState(state: State) {
  describe(`${state}: no page is wider than the screen`, () => {
    let browser: Browser;
    let context: BrowserContext;
    let addresses: Map<string, string[]>;

    beforeAll(async () => {
      browser = await launchBrowser();
      context = await browser.newContext();
      const token = state === 'reader' ? fixture.reader : state === 'admin' ? fixture.admin : null;
      if (token) {
        await context.addCookies([{ name: 'pb_token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
      }
      addresses = await findAddresses(state, token);
      walked.set(state, new Set());
      const talks = (await findAddresses('anonymous', null)).get('routes/audio/audio.tsx')!;
      await openPlayerBar(
        context,
        talks.find((u) => /\d$/.test(u))!,
      );
      if (state !== 'admin') await readEveryBook(context, token);
    });
    afterAll(async () => {
      await browser?.close();
    });

    for (const width of WIDTHS) {
      it(`at ${width} px`, async () => {
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 800 });
        const offenders: Offender[] = [];
        const problems: string[] = [];
        let count = 0;
        for (const [id, urls] of addresses) {
          for (const url of urls) {
            count++;
            await page.goto(`${baseURL}${url}`, { waitUntil: 'load' });
            // Sent elsewhere (the login page to a reader): walked by another state, or the last test fails.
            if (routeIdOf(page.url()) !== id) continue;
            walked.get(state)!.add(id);
            // The offline page runs no scripts, so no player (decision 0025); every other page has one.
            if (id !== OFFLINE_PAGE_ROUTE) {
              await page
                .getByTestId('player-bar')
                .waitFor({ timeout: 5000 })
                .catch(() => problems.push(`${url}: no player bar`));
            }
            const { scrollWidth, widest } = await measure(page);
            if (scrollWidth > width) offenders.push({ url, width, scrollWidth, widest });
          }
        }
        await page.close();
        const report = offenders.map(
          (o) => `${o.url} @${o.width}: ${o.scrollWidth} px\n    ${o.widest.join('\n    ')}`,
        );
        if (report.length > 0) console.warn(`${state} at ${width} px, too wide:\n${report.join('\n')}`);
        expect(count).toBeGreaterThan(0);
        expect(problems).toEqual([]);
        expect(report).toEqual([]);
      }, 180_000);
    }
  });
}

async function api(token: string, method: string, url: string, body?: unknown): Promise<{ id: number }> {
  const res = await fetch(`${baseURL}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data;
}

describeState('anonymous');
describeState('reader');
describeState('admin');

describe('the avatar picker on /profile', () => {
  it('speaks Vietnamese, names the chosen file and is reached by Tab', async () => {
    const browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([
      { name: 'pb_token', value: fixture.reader, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
    const card = page.locator('section[aria-labelledby="avatar-title"]');
    expect(await card.locator('label.file-picker-button').innerText()).toBe('Chọn ảnh');
    expect(await card.getByTestId('avatar-file-chosen').innerText()).toBe('Chưa chọn ảnh');
    // The real input is hidden from the eye only: Tab from the name field's button lands on it.
    await page.getByRole('button', { name: 'Lưu tên' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('avatar-file');
    const input = page.getByLabel(/Ảnh mới/);
    expect(await input.getAttribute('type')).toBe('file');
    await input.setInputFiles({ name: 'chan-dung.png', mimeType: 'image/png', buffer: Buffer.from('x') });
    expect(await card.getByTestId('avatar-file-chosen').innerText()).toBe('chan-dung.png');
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await browser.close();
  });
});

describe('the walk', () => {
  it('walked every page route of app/routes.ts (not sent elsewhere) in some state', () => {
    const all = new Set([...walked.values()].flatMap((s) => [...s]));
    expect([...all].sort()).toEqual(table.pages.map((p) => p.id).sort());
    expect(all.size).toBe(table.pages.length);
    // Resource routes aside, nothing of the table is left out of the walk.
    expect(table.pages.length).toBeGreaterThan(40);
  });
});
