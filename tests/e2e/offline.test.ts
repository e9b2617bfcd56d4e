import { createHash } from 'node:crypto';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { Browser, Page } from 'playwright-core';
import {
  ZBookCatalogueResponseSchema,
  ZOfflineBookResponseSchema,
  type OfflineBook,
} from '#common/contracts/library.schema.ts';
import { DOWNLOADS_CACHE } from '#app/lib/offline-cache.ts';
import { ZNotesPageSchema } from '#common/contracts/note.schema.ts';
import {
  ZAudioCollectionResponseSchema,
  ZAudioCollectionsResponseSchema,
  type Talk,
} from '#common/contracts/audio.schema.ts';
import { talkPath } from '#common/paths.ts';
import { hasDiacritics, toFoldedForm } from '#common/text/vietnamese.ts';
import { AUDIO_PART_BYTES } from '#app/lib/offline-talks.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import {
  downloadBookForOffline,
  precached,
  precachedBytes,
  serviceWorkerContext,
  takeNextWorker,
  waitForServiceWorker,
  watchWorkerFetches,
} from './support/offline.ts';
import { startLibraryServer } from './support/library-server.ts';
import { makeNextDeploy } from './support/next-deploy.ts';
import { freePort, stopProcess } from './support/processes.ts';
import { adminToken, loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
/** What the offline flag says works offline on a device with downloads (decision 0039). */
const OFFLINE_FLAG_WORDS = 'đọc, nghe sách và pháp âm đã tải về; ghi chú, dấu, chỗ đọc và nghe được lưu khi có mạng';
const dataDir = inject('dataDir');
const SERVICE_WORKER_FILE = path.resolve(import.meta.dirname, '..', '..', 'build', 'client', 'sw.js');

/** This build's precache list, as scripts/service-worker.mjs wrote it into sw.js. */
function shellEntries(): { url: string }[] {
  const text = fs.readFileSync(SERVICE_WORKER_FILE, 'utf8');
  const revision = '(?:null|"[0-9a-f]+")';
  const entry = new RegExp(`\\{(?:revision:${revision},)?url:"([^"]+)"(?:,revision:${revision})?\\}`, 'g');
  return [...text.matchAll(entry)].map(([, url]) => ({ url: url! }));
}

/** The bytes of those files in the build (the two pages, rendered by the server, not counted). */
function shellBytes(entries: { url: string }[]): number {
  const client = path.dirname(SERVICE_WORKER_FILE);
  return entries
    .filter(({ url }) => !url.includes('?'))
    .reduce((sum, { url }) => sum + fs.statSync(path.join(client, url)).size, 0);
}

/** The reader's notes in a book, as the server has them. */
async function notesOnServer(token: string, bookCode: string) {
  const res = await fetch(`${baseURL}/api/v1/book/${bookCode}/my_notes?perPage=100`, { headers: { 'x-token': token } });
  return z.object({ data: ZNotesPageSchema }).parse(await res.json()).data.items;
}

/** Selects the first `length` characters of the chapter's first paragraph, as a reader's drag would. */
async function selectOpening(page: Page, length: number): Promise<string> {
  return page.evaluate((length) => {
    const p = document.querySelector('[data-testid="chapter-text"] p[id^="p-"]')!;
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode()!;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, Math.min(length, text.textContent!.length));
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return range.toString();
  }, length);
}

const paintedCount = (page: Page, color: string) =>
  page.evaluate((c) => (CSS.highlights.get(`pb-${c}`) as Set<AbstractRange> | undefined)?.size ?? 0, color);

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

  const openContext = (width: number) => serviceWorkerContext(browser, width);

  it('gives a reader who never downloaded a worker that keeps only the offline page: offline, any page not downloaded is the Vietnamese offline page', async () => {
    const { context, page } = await openContext(390);
    const errors = watchPageErrors(page);
    const fetchedByWorker = watchWorkerFetches(context);
    await page.goto(`${baseURL}${book.path}`);
    await waitForHydration(page);
    // Registered after load for every reader, it takes this page at once (clientsClaim).
    await waitForServiceWorker(page);
    const install = await fetchedByWorker();
    const kept = (await precached(page)).map((url) => new URL(url).pathname);
    // The offline page (with this build's revision) and what it names: style sheets, fonts, icons —
    // no script (the page runs none), not the downloads page, not the reading pages' code.
    expect(kept).toContain('/ngoai-tuyen');
    expect(kept.some((url) => url.endsWith('.css'))).toBe(true);
    expect(kept.filter((url) => url === '/tai-ve' || url.endsWith('.js'))).toEqual([]);
    const shell = shellEntries();
    expect(kept.length).toBeLessThan(shell.length / 4);
    console.warn(
      `[offline] a reader who never downloaded: the worker's install fetched ${install.bytes} bytes in ${install.requests} requests and stored ${kept.length} of ${shell.length} entries (${kept.join(' ')}), ${await precachedBytes(page)} bytes (the whole shell: ${shellBytes(shell)} bytes); load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );

    // Online, pages come from the network, as before.
    await page.locator('.book-toc-item').first().click();
    await page.waitForURL(`${baseURL}${book.chapters[0]!.path}`);
    expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(
      book.chapters[0]!.contentSha256,
    );
    // A whole page load goes through the worker, to the network (its navigation preload).
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState()),
    ).toMatchObject({ enabled: true });
    const online = await page.goto(`${baseURL}${book.path}`);
    expect(online?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(book.title);
    await waitForHydration(page);

    await context.setOffline(true);
    const isOfflinePage = async (what: string) => {
      expect(await page.getByRole('heading', { level: 1 }).innerText(), what).toBe('Bạn đang ngoại tuyến');
      expect(await page.getByRole('link', { name: 'Xem sách đã tải' }).getAttribute('href'), what).toBe('/tai-ve');
      expect(await page.locator('script[type="module"]').count(), what).toBe(0);
    };
    // A link (the contents), a typed address, a reload: each the offline page, with the page's style.
    await page.locator('.book-toc-item').nth(1).click();
    await page.waitForURL(`${baseURL}${book.chapters[1]!.path}`);
    await isOfflinePage('a link');
    expect(await page.locator('.offline-page .button-primary').evaluate((a) => getComputedStyle(a).display)).not.toBe(
      'inline',
    );
    const answer = await page.goto(`${baseURL}/thu-vien`);
    expect(answer?.status()).toBe(200);
    await isOfflinePage('a typed address');
    await page.reload();
    await isOfflinePage('a reload');
    expect(await page.getByText('chọn “Tải để đọc ngoại tuyến”').count()).toBe(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await isOfflinePage(scheme);
      expect(await page.evaluate(() => document.documentElement.dataset.theme ?? 'light')).toBe(scheme);
      for (const width of [320, 390, 1366]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `offline-page-never-downloaded-${scheme}-${width}`);
      }
    }
    // The downloads link leads to the offline page again (nothing downloaded, no downloads page kept).
    await page.getByRole('link', { name: 'Xem sách đã tải' }).click();
    await page.waitForURL(`${baseURL}/tai-ve`);
    await isOfflinePage('the downloads link');
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      'page errors',
    ).toEqual([]);
    await context.close();
  });

  it('switches from the offline page alone to the whole shell on a download, five times in fresh contexts: one worker, active and in control, none waiting', async () => {
    const shell = shellEntries();
    for (let round = 1; round <= 5; round += 1) {
      const { context, page } = await openContext(390);
      await page.goto(`${baseURL}${book.path}`);
      await waitForHydration(page);
      // Odd rounds download once the light worker controls the page; even ones at once, while it
      // may still be registering or installing.
      if (round % 2 === 1) {
        await waitForServiceWorker(page);
        expect(
          (await precached(page)).some((url) => url.includes('/tai-ve?ban-luu')),
          `round ${round}`,
        ).toBe(false);
      }
      const light = await precachedBytes(page);
      const fetchedByWorker = watchWorkerFetches(context);
      await page.getByRole('button', { name: 'Tải để đọc ngoại tuyến' }).click();
      await page.getByRole('button', { name: 'Tải về máy' }).click();
      const result = page.getByTestId('offline-download-result');
      await result.waitFor();
      expect(await result.innerText(), `round ${round}`).toMatch(/^Đã tải để đọc ngoại tuyến/);
      // Said only once the whole shell is stored: every entry of this build's list is there.
      const kept = new Set((await precached(page)).map((url) => url.replace(/[?&]__WB_REVISION__=\w+$/, '')));
      const missing = shell.filter(({ url }) => !kept.has(new URL(url, baseURL).href.replace('?ban-luu', '?ban-luu=')));
      expect(missing, `round ${round}`).toEqual([]);
      const state = await page.evaluate(async () => {
        const registrations = await navigator.serviceWorker.getRegistrations();
        const registration = registrations[0];
        return {
          registrations: registrations.length,
          active: registration?.active?.state ?? null,
          installing: registration?.installing?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        };
      });
      expect(state, `round ${round}`).toEqual({
        registrations: 1,
        active: 'activated',
        installing: null,
        waiting: null,
        controlled: true,
      });
      if (round <= 2) {
        const shellFetch = await fetchedByWorker();
        console.warn(
          `[offline] round ${round}: before the download ${light} bytes precached, after it ${await precachedBytes(page)} bytes (${shell.length} entries); the worker fetched ${shellFetch.bytes} bytes in ${shellFetch.requests} requests for it; load average ${os
            .loadavg()
            .map((n) => n.toFixed(2))
            .join(' ')}`,
        );
      }
      // Offline, the downloads page (precached with the shell) lists the book.
      await context.setOffline(true);
      await page.goto(`${baseURL}/tai-ve`);
      await waitForHydration(page);
      expect(await page.getByTestId('downloads-list').innerText(), `round ${round}`).toContain(book.title);
      await context.close();
    }
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
        for (const [, url] of (await stored.text()).matchAll(/["'(\s,\\](\/assets\/[^"'()\s,?#\\]+)/g)) {
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
    await downloadBookForOffline(page, `${baseURL}${book.path}`);

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
      // A device that has downloaded a book: its worker keeps the whole shell, deploy after deploy.
      await downloadBookForOffline(page, `${baseURL}${book.path}`);
      const before = await precached(page);
      expect(before).toContain(`${baseURL}/ngoai-tuyen?ban-luu=&__WB_REVISION__=${buildId}`);
      expect(before).toContain(`${baseURL}/tai-ve?ban-luu=&__WB_REVISION__=${buildId}`);

      // The next deploy: the server now sends a worker whose pages carry another build's revision
      // (what scripts/service-worker.mjs writes after any change to the sources). Only this file's
      // contexts run service workers, and the build's own worker is written back below. Asset names
      // stay those of this build here; the next test renames them.
      fs.writeFileSync(SERVICE_WORKER_FILE, thisBuild.replaceAll(buildId!, 'nachfolgebuild01'));
      await takeNextWorker(page);
      await expect
        .poll(() => precached(page))
        .toContain(`${baseURL}/ngoai-tuyen?ban-luu=&__WB_REVISION__=nachfolgebuild01`);
      // Installed as a device that reads offline: the whole shell again, not the offline page alone.
      expect(await precached(page)).toContain(`${baseURL}/tai-ve?ban-luu=&__WB_REVISION__=nachfolgebuild01`);
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

  it('a deploy that renames every asset: the new precache replaces the old, the open page goes on, the downloads still open offline', async () => {
    // This build on a port of its own (the suite's data folder), then the next deploy on the same
    // address, as an operator restarts the service on a new build.
    const port = await freePort();
    let server = await startLibraryServer({ DATA_DIR: dataDir }, { port });
    const next = makeNextDeploy();
    const site = server.baseURL;
    const { context, page } = await openContext(390);
    const errors = watchPageErrors(page);
    try {
      await downloadBookForOffline(page, `${site}${book.path}`);
      const before = await precached(page);
      const scriptsOf = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => /\/assets\/.+\.js$/.test(url)),
        );
      const firstScripts = await scriptsOf();

      await stopProcess(server.child);
      server = await startLibraryServer({ DATA_DIR: dataDir }, { port, build: next.build });
      await takeNextWorker(page);
      // The new worker's precache, and nothing of the old one once it has activated.
      const assetsOf = (urls: string[]) => urls.filter((url) => url.includes('/assets/'));
      await expect
        .poll(async () => assetsOf(await precached(page)).filter((url) => before.includes(url)), { timeout: 20_000 })
        .toEqual([]);
      expect(assetsOf(await precached(page))).toHaveLength(assetsOf(before).length);

      // The page opened before the deploy goes on: a chapter opens from its contents (its route's
      // code, gone from the server, comes from the downloads).
      await page.locator('.book-toc-item').nth(1).click();
      await page.waitForURL(`${site}${book.chapters[1]!.path}`);
      expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(
        book.chapters[1]!.contentSha256,
      );
      // Loaded again, the page is the new build's.
      await page.reload();
      await waitForHydration(page);
      const nextScripts = await scriptsOf();
      expect(nextScripts.length).toBeGreaterThan(0);
      expect(nextScripts.filter((src) => firstScripts.includes(src))).toEqual([]);
      // Offline, the downloaded book opens with the assets it was stored with.
      await context.setOffline(true);
      for (const chapter of [book.chapters[0]!, book.chapters[2]!]) {
        await page.goto(`${site}${chapter.path}`);
        await waitForHydration(page);
        expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(chapter.contentSha256);
      }
      expect(
        errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
        'page errors',
      ).toEqual([]);
    } finally {
      await context.close();
      await stopProcess(server.child);
      next.remove();
    }
  });

  it('keeps a highlight made offline in the browser, through a reload, and puts it on the server once when the network returns', async () => {
    const { context, page } = await openContext(390);
    const errors = watchPageErrors(page);
    const reader = await loginAs(context, baseURL);
    await downloadBookForOffline(page, `${baseURL}${book.path}`);
    const chapter = `${baseURL}${book.chapters[0]!.path}`;
    await page.goto(chapter);
    await waitForHydration(page);
    expect(await notesOnServer(reader.token, book.code)).toEqual([]);

    await context.setOffline(true);
    const words = await selectOpening(page, 12);
    await page.getByRole('button', { name: 'Đánh dấu màu vàng' }).click();
    await page.getByText('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.').waitFor();
    // The flag says what still works, and where the downloads are.
    const flag = page.getByTestId('offline-flag');
    expect(await flag.innerText()).toContain(OFFLINE_FLAG_WORDS);
    expect(await flag.getByRole('link', { name: 'đã tải về' }).getAttribute('href')).toBe('/tai-ve');
    await expect.poll(() => paintedCount(page, 'yellow')).toBe(1);
    await screenshot(page, 'offline-highlight-queued-390', { fullPage: false });

    // Reloaded offline: the chapter comes from the downloads, the highlight from the queue.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => paintedCount(page, 'yellow')).toBe(1);
    const waiting = await page.evaluate(
      () =>
        new Promise<{ kind: string; clientId: string; note: { content: string } }[]>((resolve, reject) => {
          const open = indexedDB.open('phap-bao-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('writes').objectStore('writes').getAll();
            all.onsuccess = () => resolve(all.result as never);
          };
        }),
    );
    // The passage as selected (the anchor widens it to whole words), beside the place in the book
    // the reload queued (decision 0039).
    expect(waiting.map((w) => w.kind).sort()).toEqual(['highlight', 'reading-position']);
    const queued = waiting.filter((w) => w.kind === 'highlight');
    expect(queued[0]!.note.content.startsWith(words)).toBe(true);
    const passage = queued[0]!.note.content;
    expect(await notesOnServer(reader.token, book.code)).toEqual([]);

    // The network returns: the page sends the queue, then shows the server's note in its place.
    await context.setOffline(false);
    await expect.poll(async () => (await notesOnServer(reader.token, book.code)).length, { timeout: 10_000 }).toBe(1);
    const [saved] = await notesOnServer(reader.token, book.code);
    expect(saved).toMatchObject({ content: passage, color: 'yellow', chapterCode: book.chapters[0]!.code });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('phap-bao:queued-writes'))).toBeNull();
    // Painted once: the server's note replaces the one waiting in the browser (after the chapter's
    // notes are loaded again, which takes a while on a loaded machine).
    await expect.poll(() => paintedCount(page, 'yellow'), { timeout: 10_000 }).toBe(1);

    // Sent again (an answer lost on the way back, another tab): the same note, not a second.
    const resent = await page.evaluate(
      async (write) =>
        (
          await fetch('/ghi-ngoai-tuyen', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ kind: 'highlight', clientId: write.clientId, note: write.note }),
          })
        ).json(),
      queued[0]!,
    );
    expect(resent).toEqual({ data: { applied: true, noteId: saved!.id } });
    await page.reload();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect((await notesOnServer(reader.token, book.code)).map((n) => n.id)).toEqual([saved!.id]);
    await expect.poll(() => paintedCount(page, 'yellow')).toBe(1);

    // What the server refuses is said in Vietnamese.
    const refused = await page.evaluate(async () => {
      const res = await fetch('/ghi-ngoai-tuyen', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'highlight', clientId: 'x', note: {} }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toEqual({ status: 400, body: { errorMessage: 'Bản ghi gửi từ máy không hợp lệ.' } });
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      'page errors',
    ).toEqual([]);
    await context.close();
  });

  it('downloads a talk in resumable pieces; offline it plays from the start and from a seek, with its transcript', async () => {
    // The largest talk: its audio takes more than one piece.
    const collections = ZAudioCollectionsResponseSchema.parse(
      await (await fetch(`${baseURL}/api/v1/public/audio_collections`)).json(),
    ).data.items;
    const talks: Talk[] = [];
    for (const c of collections) {
      const detail = await (await fetch(`${baseURL}/api/v1/public/audio_collection/${c.id}`)).json();
      talks.push(...ZAudioCollectionResponseSchema.parse(detail).data.talks);
    }
    const talk = talks.sort((a, b) => b.sizeBytes - a.sizeBytes)[0]!;
    expect(talk.sizeBytes).toBeGreaterThan(AUDIO_PART_BYTES);
    const served = Buffer.from(await (await fetch(`${baseURL}${talk.url}`)).arrayBuffer());
    const address = talkPath(talk.collectionId, talk.id);

    const { context, page } = await openContext(390);
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${address}`);
    await waitForHydration(page);
    // An earlier download broke after its first piece: the piece is in the downloads already.
    await page.evaluate(
      async ({ url, part }) => {
        const res = await fetch(url, { headers: { Range: `bytes=0-${part - 1}` } });
        const headers = {
          'Content-Type': res.headers.get('Content-Type')!,
          'Content-Range': res.headers.get('Content-Range')!,
        };
        const cache = await caches.open('phap-bao-downloads-v1');
        await cache.put(`/__ngoai-tuyen/phan${url}?phan=0`, new Response(await res.blob(), { headers }));
      },
      { url: talk.url, part: AUDIO_PART_BYTES },
    );
    const ranges: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === talk.url && r.headers()['range']) ranges.push(r.headers()['range']!);
    });
    // The talk's link leads to the downloads page, which downloads it with its progress.
    await page.getByRole('link', { name: /^Tải để nghe ngoại tuyến \([\d,]+ MB\)$/ }).click();
    await page.waitForURL((url) => url.pathname === '/tai-ve' && url.searchParams.get('bai-giang') === String(talk.id));
    const result = page.getByTestId('offline-talk-result');
    await result.waitFor();
    await waitForServiceWorker(page);
    expect(await result.innerText()).toMatch(
      new RegExp(`^Đã tải “${talk.title}” để nghe ngoại tuyến \\(kèm lời giảng\\), [\\d,]+ (KB|MB)\\. Nghe ngay$`),
    );
    await screenshot(page, 'offline-talk-downloaded-390', { fullPage: false });
    // It went on from the second piece, and what is stored is the server's file, byte for byte.
    expect(ranges[0]).toBe(`bytes=${AUDIO_PART_BYTES}-${2 * AUDIO_PART_BYTES - 1}`);
    const stored = await page.evaluate(async (url) => {
      const cache = await caches.open('phap-bao-downloads-v1');
      const whole = await cache.match(url);
      const pieces = (await cache.keys()).filter((k) => k.url.includes('/__ngoai-tuyen/phan')).length;
      const bytes = new Uint8Array(await whole!.arrayBuffer());
      const digest = await crypto.subtle.digest('SHA-256', bytes);
      return {
        size: bytes.length,
        sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
        pieces,
      };
    }, talk.url);
    expect(stored).toEqual({
      size: served.length,
      sha256: createHash('sha256').update(served).digest('hex'),
      pieces: 0,
    });
    // Only this talk's recording: the page names its collection's other talks too (the player's queue).
    const others = talks.filter((t) => t.collectionId === talk.collectionId && t.id !== talk.id).map((t) => t.url);
    expect(others.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(async (urls) => {
        const cache = await caches.open('phap-bao-downloads-v1');
        return (await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? url : null)))).filter(Boolean);
      }, others),
    ).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${baseURL}${address}`);
    await waitForHydration(page);
    expect(await page.locator('#talk-title').innerText()).toBe(talk.title);
    // The transcript came with the page.
    const cues = page.getByTestId('transcript').locator('li');
    expect(await cues.count()).toBeGreaterThan(3);
    const audio = () =>
      page.evaluate(() => {
        const a = document.querySelector('audio')!;
        return { at: a.currentTime, paused: a.paused, duration: a.duration };
      });
    await page.getByTestId('talk-play').click();
    await page.getByTestId('player-bar').filter({ hasText: talk.title }).waitFor();
    await expect.poll(async () => (await audio()).at, { timeout: 10_000 }).toBeGreaterThan(1);
    // A seek into the middle (a line of the transcript) plays on from there.
    const middle = Math.floor((await cues.count()) / 2);
    await cues.nth(middle).getByRole('button').click();
    const seekedTo = (await audio()).at;
    expect(seekedTo).toBeGreaterThan(5);
    await expect.poll(async () => (await audio()).at, { timeout: 10_000 }).toBeGreaterThan(seekedTo + 1);
    expect((await audio()).paused).toBe(false);
    await page.getByTestId('player-toggle').click();
    await screenshot(page, 'offline-talk-playing-390', { fullPage: false });

    // The downloads list it; removed, its audio is gone from the device.
    await page.goto(`${baseURL}/tai-ve`);
    await waitForHydration(page);
    const list = page.getByTestId('downloads-talks');
    await list.waitFor();
    expect(await list.innerText()).toContain(talk.title);
    for (const width of [320, 1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-downloads-talk-${width}`);
    }
    await page.getByRole('button', { name: `Xoá “${talk.title}” khỏi máy` }).click();
    await page.getByTestId('downloads-empty').waitFor();
    expect(
      await page.evaluate(
        async (url) => (await caches.open('phap-bao-downloads-v1')).match(url).then(Boolean),
        talk.url,
      ),
    ).toBe(false);
    expect(
      // Offline, React Router cannot ask the server which routes the page's links lead to (links then
      // open whole pages the worker answers: app/entry.client.tsx); it says so in the console.
      errors.filter(
        (e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/.test(e),
      ),
      'page errors',
    ).toEqual([]);
    await context.close();
  });

  it('searches the downloaded books offline, with or without diacritics; the search box leads there offline', async () => {
    const { context, page } = await openContext(390);
    await downloadBookForOffline(page, `${baseURL}${book.path}`);
    // Two words of the second chapter, one at least with diacritics, searched without them.
    const target = book.chapters[1]!;
    await page.goto(`${baseURL}${target.path}`);
    const opening = await page.locator('[data-testid="chapter-text"] [id^="p-"]').first().innerText();
    const words = opening.split(/[^\p{L}\p{M}]+/u).filter(Boolean);
    const at = words.findIndex((w, i) => i + 1 < words.length && (hasDiacritics(w) || hasDiacritics(words[i + 1]!)));
    expect(at).toBeGreaterThanOrEqual(0);
    const phrase = `${words[at]} ${words[at + 1]}`;
    const folded = toFoldedForm(phrase);
    expect(folded).not.toBe(phrase.toLowerCase());

    await context.setOffline(true);
    await page.goto(`${baseURL}/tai-ve`);
    await waitForHydration(page);
    await page.getByLabel('Tìm trong sách đã tải').fill(folded);
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    const hits = page.getByTestId('downloads-hits');
    await hits.waitFor();
    const marks = await hits.locator('mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    // Every mark is the phrase, as written in the book (with its diacritics).
    expect(new Set(marks.map((m) => toFoldedForm(m)))).toEqual(new Set([folded]));
    expect(marks).toContain(phrase);
    const hit = hits.locator(`a[href^="${target.path}?"]`).first();
    expect(await hit.count()).toBe(1);
    for (const width of [320, 1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-search-${width}`, { fullPage: false });
    }
    // A hit opens its chapter, offline.
    await hit.click();
    await page.waitForURL((url) => url.pathname === target.path);
    expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(target.contentSha256);

    // Words found nowhere are said so.
    await page.goto(`${baseURL}/tai-ve?tim=${encodeURIComponent('khongcotunaytrongsach')}`);
    await waitForHydration(page);
    await expect
      .poll(() => page.getByTestId('downloads-hits').innerText())
      .toBe('Không có đoạn nào có “khongcotunaytrongsach” trong sách đã tải.');
    // The site's search, offline, searches the downloads.
    await page.goto(`${baseURL}/search?${new URLSearchParams({ query: folded })}`);
    await page.waitForURL((url) => url.pathname === '/tai-ve' && url.searchParams.get('tim') === folded);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('downloads-hits').locator('mark').count()).toBe(marks.length);

    // The book's own search box, offline, searches that book in the downloads.
    await page.goto(`${baseURL}${book.path}`);
    await waitForHydration(page);
    await page.getByPlaceholder('Tìm trong sách này…').fill(folded);
    await page.getByTestId('book-search').getByRole('button', { name: 'Tìm' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/tai-ve' &&
        url.searchParams.get('tim') === folded &&
        url.searchParams.get('sach') === book.code,
    );
    await waitForHydration(page);
    expect(await page.getByTestId('downloads-search-book').innerText()).toBe(
      `Trong sách “${book.title}” · tìm trong mọi sách đã tải`,
    );
    await expect.poll(() => page.getByTestId('downloads-hits').locator('mark').count()).toBe(marks.length);
    for (const width of [320, 1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-book-search-${width}`, { fullPage: false });
    }
    await context.close();
  });

  it('downloads the reading list in one step, and offers "có bản mới" when a downloaded book changes', async () => {
    const admin = await adminToken(baseURL, dataDir);
    const call = async <T>(method: string, address: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseURL}/api/v1${address}`, {
        method,
        headers: { 'x-token': admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.ok, `${method} ${address}: ${res.status}`).toBe(true);
      return ((await res.json()) as { data: T }).data;
    };
    // A book of our own, so that changing it touches nothing another test reads.
    const made = await call<{ id: number; code: string }>('POST', '/admin/books', {
      title: 'Kinh thử bản mới',
      code: 'kinh-thu-ban-moi',
    });
    try {
      await call('POST', `/admin/book/${made.id}/chapters`, { title: 'Phần một', markdown: 'Lời kinh thứ nhất.' });
      await call('POST', `/admin/book/${made.id}/chapters`, { title: 'Phần hai', markdown: 'Lời kinh thứ hai.' });
      await call('POST', `/admin/book/${made.id}/publish`);
      const { context, page } = await openContext(390);
      const reader = await loginAs(context, baseURL);
      for (const code of [made.code, book.code]) {
        const saved = await fetch(`${baseURL}/api/v1/favorite_books`, {
          method: 'POST',
          headers: { 'x-token': reader.token, 'content-type': 'application/json' },
          body: JSON.stringify({ bookCode: code }),
        });
        expect(saved.ok).toBe(true);
      }

      await page.goto(`${baseURL}/profile/reading-list`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Tải cả 2 cuốn để đọc ngoại tuyến' }).click();
      const result = page.getByTestId('reading-list-download');
      await expect.poll(() => result.innerText(), { timeout: 30_000 }).toContain('Đã tải đủ 2/2 cuốn');
      await waitForServiceWorker(page);
      await screenshot(page, 'offline-reading-list-390', { fullPage: false });

      await page.goto(`${baseURL}/tai-ve`);
      await waitForHydration(page);
      // The list is read from the browser's storage after the page has hydrated.
      await expect.poll(() => page.getByTestId('downloads-list').locator('li').count()).toBe(2);
      // Nothing changed: no update offered.
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('book-update').count()).toBe(0);

      // The first chapter is edited on the server.
      const chapters = (await call<{ chapters: { id: number; code: string }[] }>('GET', `/admin/book/${made.id}`))
        .chapters;
      await call('PUT', `/admin/chapter/${chapters[0]!.id}`, { title: 'Phần một', markdown: 'Lời kinh đã sửa lại.' });
      const fresh = ZOfflineBookResponseSchema.parse(
        await (await fetch(`${baseURL}/api/v1/public/doc/${made.code}/offline`)).json(),
      ).data;
      await page.reload();
      await waitForHydration(page);
      const flagged = page.getByTestId('book-update');
      await flagged.waitFor();
      expect(await flagged.count()).toBe(1);
      expect(await flagged.innerText()).toBe('Có bản mới: nội dung sách đã thay đổi từ khi tải.');
      for (const width of [320, 1366, 390]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `offline-update-${width}`, { fullPage: false });
      }
      const update = page.getByRole('button', { name: 'Cập nhật “Kinh thử bản mới”' });
      await update.click();
      // Downloaded again and checked against the server: the offer goes.
      await update.waitFor({ state: 'detached', timeout: 30_000 });
      expect(await flagged.count()).toBe(0);

      // Offline, the chapter is the edited one.
      await context.setOffline(true);
      await page.goto(`${baseURL}${fresh.chapters[0]!.path}`);
      expect(await page.locator('article.reader').getAttribute('data-content-sha256')).toBe(
        fresh.chapters[0]!.contentSha256,
      );
      expect(await page.getByTestId('chapter-text').first().innerText()).toContain('Lời kinh đã sửa lại.');
      await context.close();
    } finally {
      await call('DELETE', `/admin/book/${made.id}`);
    }
  });

  it('downloads a playlist in one step with its size and progress; offline each talk opens from the device', async () => {
    const collections = ZAudioCollectionsResponseSchema.parse(
      await (await fetch(`${baseURL}/api/v1/public/audio_collections`)).json(),
    ).data.items;
    const detail = await (await fetch(`${baseURL}/api/v1/public/audio_collection/${collections[0]!.id}`)).json();
    const talks = ZAudioCollectionResponseSchema.parse(detail).data.talks.slice(0, 2);
    expect(talks).toHaveLength(2);
    const { context, page } = await openContext(390);
    const errors = watchPageErrors(page);
    const reader = await loginAs(context, baseURL);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${baseURL}/api/v1${path}`, {
        method: 'POST',
        headers: { 'x-token': reader.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(201);
      return (await res.json()) as { data: { id: number } };
    };
    const playlist = (await post('/create_playlist', { name: 'Nghe trên núi' })).data;
    await post('/create_playlist_item', {
      audioPlaylistItems: talks.map((t) => ({ playlistId: playlist.id, audioId: t.id })),
    });
    await page.goto(`${baseURL}/profile/playlist/${playlist.id}`);
    await waitForHydration(page);
    const box = page.getByTestId('playlist-download');
    const size = talks.reduce((sum, t) => sum + t.sizeBytes, 0);
    const button = box.getByRole('button', { name: /^Tải cả 2 bài để nghe ngoại tuyến \([\d,]+ (KB|MB)\)$/ });
    await button.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'offline-playlist-390', { fullPage: false });
    await button.click();
    const result = page.getByTestId('playlist-download-result');
    await result.waitFor({ timeout: 30_000 });
    for (const width of [320, 1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      if (width !== 390) await screenshot(page, `offline-playlist-done-${width}`, { fullPage: false });
    }
    expect(await result.innerText()).toMatch(
      /^Đã tải đủ 2\/2 bài để nghe ngoại tuyến \(kèm lời giảng\), [\d,]+ (KB|MB)\. Xem những gì đã tải$/,
    );
    // Every talk's audio is stored whole, at its size.
    const stored = await page.evaluate(
      async ({ cacheName, urls }) => {
        const cache = await caches.open(cacheName);
        return Promise.all(urls.map(async (u) => (await (await cache.match(u))?.blob())?.size ?? 0));
      },
      { cacheName: DOWNLOADS_CACHE, urls: talks.map((t) => t.url) },
    );
    expect(stored).toEqual(talks.map((t) => t.sizeBytes));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(size);
    // Offline, each talk’s page opens from the device (the worker answers once it is active).
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const talk of talks) {
      await page.goto(`${baseURL}${talkPath(talk.collectionId, talk.id)}`);
      await waitForHydration(page);
      expect(await page.locator('#talk-title').innerText()).toBe(talk.title);
    }
    await context.setOffline(false);
    // Offline, React Router's look-up of the routes links lead to fails quietly (as on a talk page above).
    expect(
      errors.filter(
        (e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/.test(e),
      ),
      'page errors',
    ).toEqual([]);
    await context.close();
  });

  it('installs as an app: the manifest names images served at their sizes, and the menu offers the browser’s install prompt', async () => {
    const manifest = (await (await fetch(`${baseURL}/site.webmanifest`)).json()) as {
      icons: { src: string; sizes: string }[];
      screenshots: { src: string; sizes: string; form_factor: string; label: string }[];
    };
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const image of [...manifest.icons.filter((i) => i.sizes !== 'any'), ...manifest.screenshots]) {
      const res = await fetch(`${baseURL}${image.src}`);
      expect(res.status, image.src).toBe(200);
      const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }

    const { context, page } = await openContext(390);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const menu = page.getByRole('button', { name: 'Mở menu' });
    const install = page.getByRole('button', { name: 'Cài ứng dụng Pháp Bảo lên máy' });
    await menu.click();
    // No offer from the browser (headless Chromium makes none by itself): no item.
    expect(await install.count()).toBe(0);
    await page.getByRole('button', { name: 'Đóng menu' }).click();
    // The browser offers to install (the event Chromium sends, with its prompt).
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { prompted: number }).prompted = 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await menu.click();
    await install.waitFor();
    await screenshot(page, 'install-prompt-menu-390', { fullPage: false });
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    // An offer is used once.
    await install.waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers the browser’s install prompt in the desktop header at 1366 px once the browser offers it', async () => {
    const { context, page } = await openContext(1366);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const install = page.getByRole('button', { name: 'Cài ứng dụng Pháp Bảo lên máy' });
    // No offer from the browser: no item.
    expect(await install.count()).toBe(0);
    const navHeights = () =>
      page.locator('.nav-list > li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().height));
    const before = await navHeights();
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { prompted: number }).prompted = 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    await install.waitFor();
    expect(await install.getAttribute('title')).toBe('Cài ứng dụng Pháp Bảo lên máy: đọc và nghe cả khi không có mạng');
    // The main menu keeps its lines beside it (no item wraps to make room).
    expect(await navHeights()).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(page, 'install-prompt-header-1366', { fullPage: false });
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    await install.waitFor({ state: 'detached' });
    await context.close();
  });

  it('says what works offline in its flag, at 320, 390 and 1366 px, on a device that downloaded', async () => {
    const { context, page } = await openContext(320);
    await downloadBookForOffline(page, `${baseURL}${book.path}`);
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${baseURL}${book.chapters[0]!.path}`);
      await waitForHydration(page);
      await context.setOffline(true);
      const flag = page.getByTestId('offline-flag');
      await flag.waitFor();
      expect(await flag.innerText()).toContain(OFFLINE_FLAG_WORDS);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-flag-${width}`, { fullPage: false });
      await context.setOffline(false);
    }
    await context.close();
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
