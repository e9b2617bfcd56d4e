import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration, watchPageErrors } from './support/browser.ts';
import { startLibraryServer, type LibraryServer } from './support/library-server.ts';
import { stopProcess } from './support/processes.ts';
import { adminToken, loginAs } from './support/session.ts';

type Server = LibraryServer;

/** One more production server (the build the global setup made) on `dataDir`'s SQLite file. */
function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  return startLibraryServer({ DATA_DIR: dataDir, IMPORT_DEMO_CONTENT: 'true', ...env }, { readyPath: '/' });
}

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
const cspNonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: 'manual' });
  return { res, html: await res.text() };
}

/** Waits until React has hydrated the page (React marks the elements it owns). */
const hydrated = (page: Page) => waitForHydration(page);

describe('the anonymous pages cache', () => {
  let dataDir: string;
  let a: Server;
  let b: Server;
  let browser: Browser;
  let admin: string;
  let chapterUrl: string;
  let bookUrl: string;
  let chapterId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-page-cache-'));
    a = await startServer(dataDir);
    // A second process on the same SQLite file (WAL): it sees the first one's edits at once.
    b = await startServer(dataDir, { IMPORT_DEMO_CONTENT: 'false' });
    browser = await launchBrowser();
    admin = await adminToken(a.baseURL, dataDir);
    const call = async (p: string) =>
      ((await (await fetch(`${a.baseURL}/api/v1${p}`, { headers: { 'x-token': admin } })).json()) as { data: never })
        .data;
    const list: { items: { id: number; code: string; chapterCount: number }[] } = await call('/admin/books');
    const book = list.items.find((x) => x.chapterCount > 1)!;
    const detail: { chapters: { id: number; code: string }[] } = await call(`/admin/book/${book.id}`);
    chapterId = detail.chapters[0]!.id;
    chapterUrl = `/${detail.chapters[0]!.code}/${book.code}`;
    bookUrl = `/sach/${book.code}`;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopProcess(a?.child);
    await stopProcess(b?.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves an anonymous page from memory with a fresh nonce each time, and a 304 for its ETag', async () => {
    // Uncompressed first (bytes compared as sent); compressed answers below.
    const identity = { 'accept-encoding': 'identity' };
    const first = await get(`${a.baseURL}${chapterUrl}?x=1&a=2`, identity);
    const second = await get(`${a.baseURL}${chapterUrl}?a=2&x=1`, identity);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('x-cache')).toBe('miss');
    expect(second.res.headers.get('x-cache')).toBe('hit');
    expect(second.res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // Each answer carries its own nonce, in the CSP header and in every inline script alike.
    const [n1, n2] = [nonceOf(first.html), nonceOf(second.html)];
    expect(n1).toBeTruthy();
    expect(n2).toBeTruthy();
    expect(n2).not.toBe(n1);
    expect(cspNonceOf(second.res)).toBe(n2);
    expect(second.html).not.toContain(n1!);
    expect(second.html.replaceAll(n2!, n1!)).toBe(first.html);

    const etag = second.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+\.[^"]+"$/);
    const revalidated = await get(`${a.baseURL}${chapterUrl}?x=1&a=2`, { ...identity, 'if-none-match': etag });
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.html).toBe('');
    // Without a CSP header, the browser keeps the policy of its copy (the nonce its copy carries).
    expect(revalidated.res.headers.get('content-security-policy')).toBeNull();
    expect((await get(`${a.baseURL}${chapterUrl}?x=1&a=2`, { 'if-none-match': '"other.abc"' })).res.status).toBe(200);

    // Compressed, the same page carries its tag marked weak; sent back, it still gets a 304.
    const compressed = await get(`${a.baseURL}${chapterUrl}?x=1&a=2`, { 'accept-encoding': 'br' });
    expect(compressed.res.headers.get('content-encoding')).toBe('br');
    const weak = compressed.res.headers.get('etag')!;
    expect(weak).toMatch(/^W\/"[\w-]+\.[^"]+"$/);
    const again = await get(`${a.baseURL}${chapterUrl}?x=1&a=2`, { 'accept-encoding': 'br', 'if-none-match': weak });
    expect(again.res.status).toBe(304);
  });

  it('hydrates a page from the cache and again after a 304, with no CSP violation', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const states: string[] = [];
    const nonces: string[] = [];
    page.on('response', async (r) => {
      if (r.url() !== `${a.baseURL}${bookUrl}`) return;
      const sent = (await r.request().allHeaders())['if-none-match'] ? 'revalidated' : 'plain';
      const nonce = /'nonce-([^']+)'/.exec(r.headers()['content-security-policy'] ?? '')?.[1];
      nonces.push(nonce ?? '');
      states.push(`${sent} ${r.status()} ${r.headers()['x-cache'] ?? ''}`);
    });
    await fetch(`${a.baseURL}${bookUrl}`); // stored
    await page.goto(`${a.baseURL}${bookUrl}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    // The reload asks again with the copy's ETag (max-age=0); the answer is a 304, so the browser
    // keeps its copy and that copy's policy: the same nonce (a 200 would have brought a new one).
    expect(states).toEqual(['plain 200 hit', 'revalidated 200 hit']);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).toBe(nonces[0]);
    expect(errors.filter((e) => /Content Security Policy|hydrat/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an administrator’s edit at once, in the same process and in another one on the same database', async () => {
    const marker = `Đoạn sửa ${Date.now()}`;
    // Both processes hold the page before the edit.
    for (const s of [a, b]) {
      await get(`${s.baseURL}${chapterUrl}`);
      const again = await get(`${s.baseURL}${chapterUrl}`);
      expect(again.res.headers.get('x-cache')).toBe('hit');
      expect(again.html).not.toContain(marker);
    }
    const res = await fetch(`${a.baseURL}/api/v1/admin/chapter/${chapterId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-token': admin },
      body: JSON.stringify({ title: 'Chương đã sửa', markdown: marker }),
    });
    expect(res.status).toBe(200);
    for (const s of [a, b]) {
      const after = await get(`${s.baseURL}${chapterUrl}`);
      expect(after.res.headers.get('x-cache')).toBe('miss');
      expect(after.html).toContain(marker);
      expect((await get(`${s.baseURL}${bookUrl}`)).html).toContain('Chương đã sửa');
    }
  });

  it('never gives a reader a kept page, nor one reader’s data to another or to anonymous readers', async () => {
    const ctxA = await browser.newContext();
    const readerA = await loginAs(ctxA, a.baseURL);
    const cookieA = { cookie: `pb_token=${encodeURIComponent(readerA.token)}` };
    const urls = ['/', bookUrl, chapterUrl, '/tin-tuc', '/sach'];
    for (const u of urls) {
      await get(`${a.baseURL}${u}`); // an anonymous copy is stored first
      const mine = await get(`${a.baseURL}${u}`, cookieA);
      expect(mine.res.status).toBe(200);
      expect(mine.res.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.res.headers.get('x-cache')).toBeNull();
      expect(mine.html).toContain(readerA.username);
    }
    // The reader's page in a browser, then reader B and anonymous readers on the same addresses.
    const pageA = await ctxA.newPage();
    await pageA.goto(`${a.baseURL}${chapterUrl}`, { waitUntil: 'networkidle' });
    expect(await pageA.content()).toContain(readerA.username);
    const ctxB = await browser.newContext();
    const readerB = await loginAs(ctxB, a.baseURL);
    for (const u of urls) {
      const other = await get(`${a.baseURL}${u}`, { cookie: `pb_token=${encodeURIComponent(readerB.token)}` });
      expect(other.html).toContain(readerB.username);
      expect(other.html).not.toContain(readerA.username);
      // The home page keeps several draws and gives one at random: ask until a kept one comes.
      let anonymous = await get(`${a.baseURL}${u}`);
      for (let i = 0; u === '/' && anonymous.res.headers.get('x-cache') !== 'hit' && i < 64; i++) {
        expect(anonymous.html).not.toContain(readerA.username);
        anonymous = await get(`${a.baseURL}${u}`);
      }
      expect({ u, cache: anonymous.res.headers.get('x-cache') }).toEqual({ u, cache: 'hit' });
      expect(anonymous.html).not.toContain(readerA.username);
      expect(anonymous.html).not.toContain(readerB.username);
      // Any value of the cookie keeps a request out of the cache, even one that is no session.
      const stray = await get(`${a.baseURL}${u}`, { cookie: 'pb_token=nothing' });
      expect(stray.res.headers.get('x-cache')).toBeNull();
    }
    await ctxA.close();
    await ctxB.close();
  });

  it('never keeps /search, the login page or a profile page', async () => {
    for (const u of ['/search?query=t%C3%A2m', '/login', '/bai-viet/tim-kiem-nhieu']) {
      await get(`${a.baseURL}${u}`);
      const again = await get(`${a.baseURL}${u}`);
      expect({ u, cache: again.res.headers.get('x-cache') }).toEqual({ u, cache: null });
    }
  });
});

describe('a page whose data is slow', () => {
  let dataDir: string;
  let slow: Server;
  let browser: Browser;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-slow-'));
    slow = await startServer(dataDir, { TEST_HOOKS: 'true', TEST_SLOW_SERVICE: 'home.listNewestBooks:3000' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stopProcess(slow?.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('still renders the page within the budget with the slow part marked, and does not keep it', async () => {
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const { res, html } = await get(`${slow.baseURL}/`);
      const ms = performance.now() - started;
      expect(res.status).toBe(200);
      expect(ms).toBeLessThan(2_700);
      expect(ms).toBeGreaterThanOrEqual(1_900);
      expect(html).toContain('data-degraded="true"');
      expect(html).toContain('Phần này tải chậm.');
      // The other sections are there.
      expect(html).toContain('Pháp âm mới');
      expect(res.headers.get('x-cache')).not.toBe('hit');
    }
  });

  it('shows the reader a retry link in place of the slow part', async () => {
    const page = await browser.newPage();
    await page.goto(`${slow.baseURL}/`, { waitUntil: 'domcontentloaded' });
    const retry = page.locator('[data-degraded="true"]').getByRole('link', { name: 'Thử lại' });
    await retry.waitFor();
    expect(await retry.isVisible()).toBe(true);
    expect(await retry.getAttribute('href')).toBe('/');
    expect(await page.locator('#new-books').count()).toBe(0);
    await page.close();
  });
});
