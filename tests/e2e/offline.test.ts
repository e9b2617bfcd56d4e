import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ZBookCatalogueResponseSchema,
  ZOfflineBookResponseSchema,
  type OfflineBook,
} from '#common/contracts/library.schema.ts';
import { DOWNLOADS_CACHE } from '#app/lib/offline-cache.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');
const SERVICE_WORKER_FILE = path.resolve(import.meta.dirname, '..', '..', 'build', 'client', 'sw.js');

/** The addresses in Serwist's precache, with their revisions. */
function precached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** The page is controlled by the site's service worker (registered after load, claimed at activation). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { polling: 100 });
}

// Offline reading with the real service worker of the production build (decision 0025). Its own
// contexts allow service workers (the others' block them: tests/e2e/support/browser.ts); closing a
// context ends its worker and caches.
describe('offline reading', () => {
  let browser: Browser;
  let book: OfflineBook;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A demo book of a few chapters: enough to walk every one.
    const catalogue = ZBookCatalogueResponseSchema.parse(
      await (await fetch(`${baseURL}/api/v1/public/doc/all-doc-content`)).json(),
    ).data;
    const small = catalogue
      .filter((b) => b.chapterCount >= 3)
      .sort((a, b) => a.chapterCount - b.chapterCount || a.code.localeCompare(b.code))[0]!;
    book = ZOfflineBookResponseSchema.parse(
      await (await fetch(`${baseURL}/api/v1/public/doc/${small.code}/offline`)).json(),
    ).data;
  });
  afterAll(async () => {
    await browser.close();
  });

  async function openContext(width: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 844 }, serviceWorkers: 'allow' });
    return { context, page: await context.newPage() };
  }

  it('spends nothing on offline reading until the reader asks: no service worker, no precache', async () => {
    const { context, page } = await openContext(390);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/sw.js') asked.push(r.url());
    });
    await page.goto(`${baseURL}${book.path}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.book-toc-item').first().click();
    await page.waitForURL(`${baseURL}${book.chapters[0]!.path}`);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await precached(page)).toEqual([]);
    await context.close();
  });

  it('downloads a book with its size, progress and check; offline every chapter, the contents and text sizes work', async () => {
    const { context, page } = await openContext(390);
    await page.goto(`${baseURL}${book.path}`);
    await waitForHydration(page);

    await page.getByRole('button', { name: 'Tải để đọc ngoại tuyến' }).click();
    const download = page.getByTestId('offline-download');
    await expect.poll(() => download.innerText()).toContain(`${book.chapterCount} chương, khoảng`);
    await page.getByRole('button', { name: 'Tải về máy' }).click();
    const result = page.getByTestId('offline-download-result');
    await result.waitFor();
    // The download installed the worker: the result is shown once it answers for this page.
    await waitForServiceWorker(page);
    expect(await result.innerText()).toMatch(
      new RegExp(`^Đã tải để đọc ngoại tuyến: đủ ${book.chapterCount}/${book.chapterCount} chương, [\\d,]+ (KB|MB)\\.`),
    );
    await screenshot(page, 'offline-book-downloaded-390', { fullPage: false });
    // Every script, style sheet and font a stored page names is stored beside it: a deploy that
    // replaces this build's assets leaves the downloaded book whole.
    const unstored = await page.evaluate(async (cacheName) => {
      const cache = await caches.open(cacheName);
      const missing: string[] = [];
      let pages = 0;
      for (const request of await cache.keys()) {
        const stored = await cache.match(request);
        if (!stored?.headers.get('Content-Type')?.includes('text/html')) continue;
        pages += 1;
        for (const [, url] of (await stored.text()).matchAll(/["'(\s,](\/assets\/[^"'()\s,?#]+)/g)) {
          if (!(await cache.match(url!))) missing.push(url!);
        }
      }
      return { pages, missing };
    }, DOWNLOADS_CACHE);
    expect(unstored).toEqual({ pages: book.chapterCount + 1, missing: [] });

    await context.setOffline(true);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(book.title);
    // The contents (TOC) opens a chapter by a plain click, offline.
    const toc = page.locator('.book-toc-item');
    expect(await toc.count()).toBe(book.chapterCount);
    await toc.nth(1).click();
    await page.waitForURL(`${baseURL}${book.chapters[1]!.path}`);
    expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(
      book.chapters[1]!.contentSha256,
    );

    // Every chapter, each with the text the manifest's hash names.
    for (const chapter of book.chapters) {
      const answer = await page.goto(`${baseURL}${chapter.path}`);
      expect(answer?.status(), chapter.path).toBe(200);
      expect(await page.locator('article.reader').getAttribute('data-content-sha256'), chapter.path).toBe(
        chapter.contentSha256,
      );
      expect((await page.locator('[data-testid="chapter-text"]').innerText()).length).toBeGreaterThan(20);
    }

    // The text size still changes (the page's scripts came from the downloads).
    await waitForHydration(page);
    await page.locator('details.reader-options > summary').click();
    const level = page.getByTestId('font-level');
    expect(await level.innerText()).toBe('7/10');
    await page.getByRole('button', { name: 'Chữ lớn hơn' }).click();
    expect(await level.innerText()).toBe('8/10');
    await screenshot(page, 'offline-chapter-390', { fullPage: false });
    await context.close();
  });

  it('shows the Vietnamese offline page for what was not downloaded, and the downloads with remove', async () => {
    const { context, page } = await openContext(390);
    await page.goto(`${baseURL}${book.path}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Tải để đọc ngoại tuyến' }).click();
    await page.getByRole('button', { name: 'Tải về máy' }).click();
    await page.getByTestId('offline-download-result').waitFor();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const answer = await page.goto(`${baseURL}/thu-vien`);
    expect(answer?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Bạn đang ngoại tuyến');
    // HTML alone: the page is served for another address, no script may take it over.
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `offline-page-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole('link', { name: 'Xem sách đã tải' }).click();
    await page.waitForURL(`${baseURL}/tai-ve`);
    await waitForHydration(page);
    const list = page.getByTestId('downloads-list');
    await list.waitFor();
    expect(await list.locator('li').count()).toBe(1);
    expect(await list.innerText()).toContain(book.title);
    expect(await list.innerText()).toMatch(new RegExp(`${book.chapterCount} chương · [\\d,]+ (KB|MB)`));
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `offline-downloads-${width}`);
    }

    await page.getByRole('button', { name: `Xoá “${book.title}” khỏi máy` }).click();
    await page.getByTestId('downloads-empty').waitFor();
    // Removed: the book's chapters are no longer kept, offline they give the offline page.
    await page.goto(`${baseURL}${book.chapters[0]!.path}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Bạn đang ngoại tuyến');
    await context.close();
  });

  it("takes a new deploy's precache at once, drops the old one, and the open page goes on working", async () => {
    const thisBuild = fs.readFileSync(SERVICE_WORKER_FILE, 'utf8');
    const buildId = /\{revision:"([0-9a-f]{16})",url:"\/ngoai-tuyen\?ban-luu"\}/.exec(thisBuild)?.[1];
    expect(buildId).toBeDefined();
    const { context, page } = await openContext(390);
    const errors = watchPageErrors(page);
    try {
      // A device that has downloaded a book before: every page load keeps the worker up to date.
      await page.addInitScript(() => localStorage.setItem('phap-bao:offline-reading', '1'));
      await page.goto(`${baseURL}${book.path}`);
      await waitForHydration(page);
      await waitForServiceWorker(page);
      const before = await precached(page);
      expect(before).toContain(`${baseURL}/ngoai-tuyen?ban-luu=&__WB_REVISION__=${buildId}`);

      // The next deploy: the server now sends a worker whose pages carry another build's revision
      // (what scripts/service-worker.mjs writes after any change to the sources). Only this file's
      // contexts run service workers, and the build's own worker is written back below. Asset names
      // stay those of this build: a second real build is beyond a test's time.
      fs.writeFileSync(SERVICE_WORKER_FILE, thisBuild.replaceAll(buildId!, 'nachfolgebuild01'));
      const taken = page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
            void navigator.serviceWorker.getRegistration().then((r) => r?.update());
          }),
      );
      await taken;
      await expect
        .poll(() => precached(page))
        .toContain(`${baseURL}/ngoai-tuyen?ban-luu=&__WB_REVISION__=nachfolgebuild01`);
      // The old build's entries go when the new worker has activated.
      await expect.poll(async () => (await precached(page)).filter((url) => url.includes(buildId!))).toEqual([]);
      const after = await precached(page);
      // Assets keep their hashed names: still precached, the same list.
      expect(after.filter((url) => url.includes('/assets/')).sort()).toEqual(
        before.filter((url) => url.includes('/assets/')).sort(),
      );

      // The page open during the deploy goes on: a chapter opens from its contents, and offline the
      // new offline page answers.
      await page.locator('.book-toc-item').first().click();
      await page.waitForURL(`${baseURL}${book.chapters[0]!.path}`);
      expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(
        book.chapters[0]!.contentSha256,
      );
      await context.setOffline(true);
      await page.goto(`${baseURL}/thu-vien`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Bạn đang ngoại tuyến');
      expect(
        errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
        'page errors',
      ).toEqual([]);
    } finally {
      fs.writeFileSync(SERVICE_WORKER_FILE, thisBuild);
      await context.close();
    }
  });

  it('offers the download on a book page at 320 and 1366 px', async () => {
    for (const width of [320, 1366]) {
      const { context, page } = await openContext(width);
      await page.goto(`${baseURL}${book.path}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Tải để đọc ngoại tuyến' }).click();
      await expect.poll(() => page.getByTestId('offline-download').innerText()).toContain('Tải về máy');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-book-confirm-${width}`, { fullPage: false });
      await context.close();
    }
  });
});
