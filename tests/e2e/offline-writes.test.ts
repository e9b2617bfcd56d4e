import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ZBookCatalogueResponseSchema,
  ZOfflineBookResponseSchema,
  type OfflineBook,
} from '#common/contracts/library.schema.ts';
import { ZAudioCollectionResponseSchema, ZAudioCollectionsResponseSchema } from '#common/contracts/audio.schema.ts';
import { ZNoteSchema, ZNotesPageSchema } from '#common/contracts/note.schema.ts';
import { talkPath } from '#common/paths.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { downloadBookForOffline, precached, serviceWorkerContext, waitForServiceWorker } from './support/offline.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

/** The reader's notes in a book, as the server has them. */
async function notesOnServer(token: string, bookCode: string) {
  const res = await fetch(`${baseURL}/api/v1/book/${bookCode}/my_notes?perPage=100`, { headers: { 'x-token': token } });
  return z.object({ data: ZNotesPageSchema }).parse(await res.json()).data.items;
}

/** The writes waiting in the browser's offline queue (IndexedDB). */
function queuedWrites(page: Page): Promise<{ kind: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ kind: string }[]>((resolve, reject) => {
        const open = indexedDB.open('phap-bao-offline');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('writes', { keyPath: 'clientId' });
        open.onsuccess = () => {
          const all = open.result.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as never);
          };
        };
      }),
  );
}

const paintedCount = (page: Page, color: string) =>
  page.evaluate((c) => (CSS.highlights.get(`pb-${c}`) as Set<AbstractRange> | undefined)?.size ?? 0, color);

// Writes made offline besides highlights (decision 0039): note edits and deletions, the reading
// place; replayed when the network returns, the newest change winning. With the real service worker
// of the production build (its Background Sync handler is driven through the DevTools protocol).
describe('writes made offline', () => {
  let browser: Browser;
  let book: OfflineBook;
  beforeAll(async () => {
    browser = await launchBrowser();
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

  /** A logged-in reader's context, service workers allowed. */
  async function readerContext(width = 390): Promise<{ context: BrowserContext; page: Page; token: string }> {
    const { context, page } = await serviceWorkerContext(browser, width);
    const { token } = await loginAs(context, baseURL);
    return { context, page, token };
  }

  /** Downloads the book on this device ("Tải để đọc ngoại tuyến"); its worker then answers. */
  const download = (page: Page) => downloadBookForOffline(page, `${baseURL}${book.path}`);

  async function readerWithDownload(width = 390) {
    const reader = await readerContext(width);
    await download(reader.page);
    return reader;
  }

  /** The browser's Background Sync event for the queue, fired at the site's worker (DevTools protocol). */
  async function dispatchBackgroundSync(context: BrowserContext, page: Page): Promise<void> {
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL).origin,
      registrationId: await registrationId,
      tag: 'phap-bao-offline-writes',
      lastChance: false,
    });
  }

  /** A highlight with a note on the first `length` characters of the chapter's paragraph `index`. */
  async function highlightParagraph(page: Page, token: string, index: number, body: string) {
    const anchor = await page.evaluate((index) => {
      const p = document.querySelectorAll('[data-testid="chapter-text"] p[id^="p-"]')[index]!;
      const text = p.textContent!;
      return { paragraph: p.id, start: 0, end: 10, exact: text.slice(0, 10), prefix: '', suffix: text.slice(10, 42) };
    }, index);
    const res = await fetch(`${baseURL}/api/v1/notes`, {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        bookCode: book.code,
        chapterCode: book.chapters[0]!.code,
        color: 'yellow',
        content: anchor.exact,
        anchor,
        body,
      }),
    });
    expect(res.status).toBe(201);
    return z.object({ data: ZNoteSchema }).parse(await res.json()).data;
  }

  it('edits one note and deletes another offline; back online the server has exactly those changes, once', async () => {
    const { context, page, token } = await readerContext();
    const errors = watchPageErrors(page);
    const chapter = `${baseURL}${book.chapters[0]!.path}`;
    await page.goto(chapter);
    await waitForHydration(page);
    const edited = await highlightParagraph(page, token, 0, 'Ghi chú đầu');
    const deleted = await highlightParagraph(page, token, 1, 'Ghi chú sẽ xóa');
    // Downloaded with its notes (a stored page keeps the notes it was rendered with).
    await download(page);
    await page.goto(chapter);
    await waitForHydration(page);
    await expect.poll(() => paintedCount(page, 'yellow')).toBe(2);

    await context.setOffline(true);
    const marks = page.getByTestId('note-mark');
    await marks.first().click();
    const panel = page.getByTestId('note-panel');
    await panel.getByLabel('Ghi chú của bạn').fill('Sửa khi không có mạng');
    await panel.getByTitle('Đỏ').click();
    await panel.getByRole('button', { name: 'Lưu ghi chú' }).click();
    await page.getByText('Đã lưu trên máy này; sẽ lưu vào tài khoản khi có mạng.').first().waitFor();
    await expect.poll(() => paintedCount(page, 'red')).toBe(1);
    await marks.nth(1).click();
    await panel.getByRole('button', { name: 'Xóa đánh dấu' }).click();
    await expect.poll(() => paintedCount(page, 'yellow')).toBe(0);
    await screenshot(page, 'offline-note-edited-390', { fullPage: false });

    // Reloaded offline: the page from the downloads, the changes from the queue, the edited note
    // marked as waiting to be sent; the server untouched.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => paintedCount(page, 'red')).toBe(1);
    expect(await paintedCount(page, 'yellow')).toBe(0);
    await expect.poll(() => paintedCount(page, 'waiting')).toBe(1);
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await page
        .getByTestId('note-mark')
        .first()
        .evaluate((mark) => mark.scrollIntoView({ block: 'center' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-note-waiting-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // Beside the place in the book the reload queued.
    expect((await queuedWrites(page)).map((w) => w.kind).sort()).toEqual([
      'note-delete',
      'note-update',
      'reading-position',
    ]);
    expect((await notesOnServer(token, book.code)).map((n) => [n.id, n.body, n.color]).sort()).toEqual([
      [edited.id, 'Ghi chú đầu', 'yellow'],
      [deleted.id, 'Ghi chú sẽ xóa', 'yellow'],
    ]);
    // The browser asked the worker to send them in the background when the network returns.
    expect(
      await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    ).toContain('phap-bao-offline-writes');

    await context.setOffline(false);
    await expect
      .poll(async () => (await notesOnServer(token, book.code)).map((n) => [n.id, n.body, n.color]), {
        timeout: 10_000,
      })
      .toEqual([[edited.id, 'Sửa khi không có mạng', 'red']]);
    await expect.poll(() => queuedWrites(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('phap-bao:queued-writes'))).toBeNull();
    await expect.poll(() => paintedCount(page, 'red')).toBe(1);
    await expect.poll(() => paintedCount(page, 'waiting')).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      'page errors',
    ).toEqual([]);
    await context.close();
  });

  it('keeps a highlight made offline by a reader who never downloaded anything, and sends it when the network returns', async () => {
    const { context, page, token } = await readerContext();
    await page.goto(`${baseURL}${book.chapters[0]!.path}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    // No download: the worker keeps the offline page alone (no page code); the queue's code was
    // fetched while the page was idle online.
    await waitForServiceWorker(page);
    expect((await precached(page)).filter((url) => url.includes('/tai-ve') || /\.js(\?|$)/.test(url))).toEqual([]);
    await context.setOffline(true);
    await page.evaluate(() => {
      const p = document.querySelector('[data-testid="chapter-text"] p[id^="p-"]')!;
      const text = document.createTreeWalker(p, NodeFilter.SHOW_TEXT).nextNode()!;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, Math.min(12, text.textContent!.length));
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await page.getByRole('button', { name: 'Đánh dấu màu vàng' }).click();
    await page.getByText('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.').waitFor();
    await expect.poll(() => paintedCount(page, 'yellow')).toBe(1);
    expect(await notesOnServer(token, book.code)).toEqual([]);
    // The parts showing what waits could not load their code offline: no reload for it (a reload
    // offline would give the offline page, not this chapter).
    expect(await page.evaluate(() => localStorage.getItem('phap-bao:chunk-reload-at'))).toBeNull();
    await context.setOffline(false);
    await expect.poll(async () => (await notesOnServer(token, book.code)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => paintedCount(page, 'yellow'), { timeout: 10_000 }).toBe(1);
    await context.close();
  });

  it('a reading place made offline wins over an older place on the server and loses to a newer one', async () => {
    const { context, page, token } = await readerWithDownload(1366);
    const [first, second, third] = book.chapters;
    /** Which chapter of the book the account's reading history holds (its reading-history page). */
    const placeOnServer = async () => {
      const html = await (
        await fetch(`${baseURL}/profile/reading-history`, { headers: { cookie: `pb_token=${token}` } })
      ).text();
      return book.chapters.filter((c) => new RegExp(`${c.code}(?![a-z0-9-])`).test(html)).map((c) => c.code);
    };
    await page.goto(`${baseURL}${first!.path}`);
    await waitForHydration(page);
    await expect.poll(placeOnServer).toEqual([first!.code]);

    // Offline, the reader opens the second chapter: the place waits in the browser.
    await context.setOffline(true);
    await page.goto(`${baseURL}${second!.path}`);
    await waitForHydration(page);
    await expect.poll(async () => (await queuedWrites(page)).map((w) => w.kind)).toEqual(['reading-position']);
    expect(await placeOnServer()).toEqual([first!.code]);
    await context.setOffline(false);
    await expect.poll(placeOnServer, { timeout: 10_000 }).toEqual([second!.code]);
    await expect.poll(() => queuedWrites(page)).toEqual([]);

    // Offline again, the third chapter; meanwhile another device reads the first one, later.
    await context.setOffline(true);
    await page.goto(`${baseURL}${third!.path}`);
    await waitForHydration(page);
    await expect.poll(async () => (await queuedWrites(page)).length).toBe(1);
    const elsewhere = new FormData();
    elsewhere.set('chapterCode', first!.code);
    const res = await fetch(`${baseURL}/reading-progress`, {
      method: 'POST',
      body: elsewhere,
      headers: { cookie: `pb_token=${token}`, origin: baseURL },
    });
    expect(res.status).toBe(200);
    expect(await placeOnServer()).toEqual([first!.code]);
    await context.setOffline(false);
    await expect.poll(() => queuedWrites(page), { timeout: 10_000 }).toEqual([]);
    expect(await placeOnServer()).toEqual([first!.code]);
    await context.close();
  });

  it('a talk’s place kept by the player offline reaches the account from any page when the network returns, unless a later one is there', async () => {
    const { context, page, token } = await readerContext();
    const playback = async () => {
      const res = await fetch(`${baseURL}/api/v1/playback`, { headers: { 'x-token': token } });
      return ((await res.json()) as { data: { books: { code: string; currentTime: number }[] } }).data.books;
    };
    const setOnServer = async (code: string, currentTime: number) => {
      const res = await fetch(`${baseURL}/api/v1/playback/${code}`, {
        method: 'PUT',
        headers: { 'x-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ currentTime }),
      });
      expect(res.status).toBe(200);
    };
    await setOnServer('talk-900001', 5);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    // What the player leaves when its post fails (app/lib/offline-opt-in.ts, keepUnsentPlayback): one
    // place made after the server's, one before a later place made on another device.
    await setOnServer('talk-900002', 70);
    await page.evaluate(
      ({ minuteAgo }) => {
        localStorage.setItem(
          'phap-bao:unsent-playback',
          JSON.stringify({
            'talk-900001': { currentTime: 42, changedAt: new Date().toISOString() },
            'talk-900002': { currentTime: 12, changedAt: minuteAgo },
          }),
        );
        localStorage.setItem('phap-bao:queued-writes', '1');
      },
      { minuteAgo },
    );
    // The network goes and comes back on the home page: the entry sends the queue on `online`.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect
      .poll(async () => (await playback()).filter((p) => p.code.startsWith('talk-9000')), { timeout: 10_000 })
      .toEqual([
        { code: 'talk-900001', currentTime: 42 },
        { code: 'talk-900002', currentTime: 70 },
      ]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('phap-bao:unsent-playback'))).toBeNull();
    await expect.poll(() => queuedWrites(page)).toEqual([]);
    await context.close();
  });

  it('a bookmark and a saved book made offline reach the account once when the network returns; one added then removed, never', async () => {
    const { context, page, token } = await readerWithDownload();
    const errors = watchPageErrors(page);
    const collections = ZAudioCollectionsResponseSchema.parse(
      await (await fetch(`${baseURL}/api/v1/public/audio_collections`)).json(),
    ).data.items;
    const detail = await (await fetch(`${baseURL}/api/v1/public/audio_collection/${collections[0]!.id}`)).json();
    const talk = ZAudioCollectionResponseSchema.parse(detail).data.talks[0]!;
    const onServer = async <T>(path: string) =>
      ((await (await fetch(`${baseURL}/api/v1${path}`, { headers: { 'x-token': token } })).json()) as { data: T }).data;
    const bookmarksOnServer = async () =>
      (await onServer<{ items: { time: number }[] }>(`/get_bookmark/${talk.id}`)).items;
    const savedOnServer = async () =>
      (await onServer<{ favBooks: { code: string }[] }>('/favorite_books')).favBooks.map((b) => b.code);

    // The talk downloaded too, so that its page opens offline after a reload.
    const address = `${baseURL}${talkPath(talk.collectionId, talk.id)}`;
    await page.goto(address);
    await waitForHydration(page);
    await page.getByRole('link', { name: /^Tải để nghe ngoại tuyến/ }).click();
    await page.getByTestId('offline-talk-result').waitFor({ timeout: 60_000 });
    await page.goto(address);
    await waitForHydration(page);
    await context.setOffline(true);
    const add = page.getByRole('button', { name: /^Đánh dấu chỗ này/ });
    const items = page.getByTestId('bookmarks').locator('.talk-bookmark-list li');
    await add.click();
    await page.getByText('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.').first().waitFor();
    await expect.poll(() => items.count()).toBe(1);
    // A second one, removed again while offline: its addition never leaves the browser.
    await add.click();
    await expect.poll(() => items.count()).toBe(2);
    await items
      .nth(1)
      .getByRole('button', { name: /^Xoá dấu/ })
      .click();
    await expect.poll(() => items.count()).toBe(1);
    expect((await queuedWrites(page)).map((w) => w.kind).sort()).toEqual(['bookmark-add', 'bookmark-remove']);
    expect(await bookmarksOnServer()).toEqual([]);

    // Reloaded offline (the page from the downloads, as it was when downloaded), and after another
    // page: the bookmark still waiting is in the list and on the timeline, marked as waiting.
    const waitingMarks = page.getByTestId('talk-timeline').locator('.talk-mark-waiting');
    const waitingNote = page.getByTestId('bookmarks').locator('.waiting-note');
    for (const open of [
      () => page.reload(),
      () => page.goto(`${baseURL}${book.path}`).then(() => page.goto(address)),
    ]) {
      await open();
      await waitForHydration(page);
      await expect.poll(() => items.count()).toBe(1);
      await expect.poll(() => waitingMarks.count()).toBe(1);
      expect(await items.first().locator('.waiting-mark').innerText()).toBe('chờ gửi');
      expect(await waitingNote.innerText()).toBe('Chờ gửi khi có mạng: 1 dấu mới.');
    }
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await page.getByTestId('talk-timeline').evaluate((timeline) => timeline.scrollIntoView({ block: 'center' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-bookmark-waiting-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await context.setOffline(false);
    await expect.poll(async () => (await bookmarksOnServer()).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => queuedWrites(page)).toEqual([]);
    // Sent: the server's bookmark, no longer marked.
    await expect.poll(() => waitingMarks.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('talk-timeline').locator('.talk-mark').count()).toBe(1);
    expect(await waitingNote.count()).toBe(0);
    // The page shows the server's list again; reloaded, still one.
    await expect.poll(() => items.count()).toBe(1);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => items.count()).toBe(1);
    expect((await bookmarksOnServer()).length).toBe(1);

    // The account's bookmark removed offline: gone from the list and the timeline, after a reload
    // too, the removal said to wait; sent when the network returns.
    await context.setOffline(true);
    await items
      .first()
      .getByRole('button', { name: /^Xoá dấu/ })
      .click();
    for (const open of [async () => undefined, () => page.reload()]) {
      await open();
      await waitForHydration(page);
      await expect.poll(() => items.count()).toBe(0);
      expect(await page.getByTestId('talk-timeline').locator('.talk-mark').count()).toBe(0);
      await expect.poll(() => waitingNote.innerText()).toBe('Chờ gửi khi có mạng: 1 dấu đã xoá.');
    }
    expect((await bookmarksOnServer()).length).toBe(1);
    await context.setOffline(false);
    await expect.poll(async () => (await bookmarksOnServer()).length, { timeout: 10_000 }).toBe(0);
    await expect.poll(() => waitingNote.count(), { timeout: 10_000 }).toBe(0);
    expect(await items.count()).toBe(0);

    // The book's "Lưu sách", pressed offline, reaches the reading list once the network is back.
    await page.goto(`${baseURL}${book.path}`);
    await waitForHydration(page);
    expect(await savedOnServer()).not.toContain(book.code);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Lưu sách' }).first().click();
    await page.getByText('Đã lưu sách trên máy này; sẽ lưu vào tài khoản khi có mạng.').first().waitFor();
    await page.getByRole('button', { name: 'Đã lưu sách' }).first().waitFor();
    expect(await savedOnServer()).not.toContain(book.code);
    await context.setOffline(false);
    await expect.poll(savedOnServer, { timeout: 10_000 }).toContain(book.code);
    await expect.poll(() => queuedWrites(page)).toEqual([]);
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      'page errors',
    ).toEqual([]);
    await context.close();
  });

  it('two devices: a book saved on one while offline stays off the list when the other took it off later; shown as waiting after a reload until sent', async () => {
    // Device A, offline, with the book downloaded; device B, the same account, online throughout.
    const { context, page, token } = await readerWithDownload();
    const errors = watchPageErrors(page);
    const other = await browser.newContext({ viewport: { width: 1366, height: 844 } });
    await other.addCookies([{ name: 'pb_token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    const otherPage = await other.newPage();
    const savedOnServer = async () =>
      (
        (await (await fetch(`${baseURL}/api/v1/favorite_books`, { headers: { 'x-token': token } })).json()) as {
          data: { favBooks: { code: string }[] };
        }
      ).data.favBooks.map((b) => b.code);
    const bookUrl = `${baseURL}${book.path}`;
    const waitingMark = page.locator('.waiting-mark');

    await page.goto(bookUrl);
    await waitForHydration(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Lưu sách' }).first().click();
    await page.getByText('Đã lưu sách trên máy này; sẽ lưu vào tài khoản khi có mạng.').first().waitFor();
    // Reloaded offline, the page (stored before the save) shows the save still waiting, marked.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Đã lưu sách' }).first().waitFor();
    await expect.poll(() => waitingMark.count()).toBeGreaterThan(0);
    expect(await waitingMark.first().innerText()).toBe('chờ gửi');
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await waitingMark.first().evaluate((mark) => mark.scrollIntoView({ block: 'center' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-saved-waiting-${width}`, { fullPage: false });
    }
    // On another page of the book (a chapter, from the downloads), its reader's menu says the same.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseURL}${book.chapters[1]!.path}`);
    await waitForHydration(page);
    await page.locator('details.reader-options > summary').click();
    const options = page.locator('.reader-options-panel');
    await options.getByRole('button', { name: 'Đã lưu sách' }).waitFor();
    await expect.poll(() => options.locator('.waiting-mark').count()).toBe(1);
    for (const width of [320, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `offline-saved-waiting-chapter-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(bookUrl);
    await waitForHydration(page);

    // Meanwhile device B saves the book and takes it off again: after A's save.
    await otherPage.goto(bookUrl);
    await waitForHydration(otherPage);
    await otherPage.getByRole('button', { name: 'Lưu sách' }).first().click();
    await otherPage.getByRole('button', { name: 'Đã lưu sách' }).first().waitFor();
    await expect.poll(savedOnServer).toContain(book.code);
    await otherPage.getByRole('button', { name: 'Đã lưu sách' }).first().click();
    await otherPage.getByRole('button', { name: 'Lưu sách' }).first().waitFor();
    await expect.poll(savedOnServer).not.toContain(book.code);

    // A's network returns: its older save is sent and loses to B's later taking-off.
    await context.setOffline(false);
    await expect.poll(() => queuedWrites(page), { timeout: 10_000 }).toEqual([]);
    expect(await savedOnServer()).not.toContain(book.code);
    // A's button shows the account's list again, no longer marked.
    await page.getByRole('button', { name: 'Lưu sách' }).first().waitFor();
    await expect.poll(() => waitingMark.count()).toBe(0);
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      'page errors',
    ).toEqual([]);
    await other.close();
    await context.close();
  });

  it('an open page stops marking a change as waiting once the worker’s Background Sync has sent it', async () => {
    const { context, page, token } = await readerWithDownload();
    const savedOnServer = async () =>
      (
        (await (await fetch(`${baseURL}/api/v1/favorite_books`, { headers: { 'x-token': token } })).json()) as {
          data: { favBooks: { code: string }[] };
        }
      ).data.favBooks.map((b) => b.code);
    const waitingMark = page.locator('.waiting-mark');
    await page.goto(`${baseURL}${book.path}`);
    await waitForHydration(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Lưu sách' }).first().click();
    await expect.poll(() => waitingMark.count()).toBeGreaterThan(0);
    // Logged out meanwhile: when the network returns, the page's own sending is refused (401) and
    // the save keeps waiting, marked.
    await context.clearCookies();
    const refused = page.waitForResponse((r) => r.url().endsWith('/ghi-ngoai-tuyen') && r.status() === 401);
    await context.setOffline(false);
    await refused;
    expect(await queuedWrites(page)).toHaveLength(1);
    expect(await waitingMark.count()).toBeGreaterThan(0);
    // Logged in again, the browser fires its Background Sync: the worker sends the save, and the
    // page, told so, shows the account's state without the mark.
    await context.addCookies([{ name: 'pb_token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    await dispatchBackgroundSync(context, page);
    await expect.poll(savedOnServer, { timeout: 10_000 }).toContain(book.code);
    await expect.poll(() => waitingMark.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole('button', { name: 'Đã lưu sách' }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('the service worker sends the queue on a Background Sync event, with no page doing it', async () => {
    const { context, page, token } = await readerWithDownload();
    const chapter = book.chapters[0]!;
    // A place queued straight into IndexedDB (no page code sends it), as another tab would leave it.
    await page.evaluate(
      (entry) => {
        return new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('phap-bao-offline', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('writes', { keyPath: 'clientId' });
          open.onsuccess = () => {
            const tx = open.result.transaction('writes', 'readwrite');
            tx.objectStore('writes').put({
              kind: 'reading-position',
              clientId: crypto.randomUUID(),
              entry,
              queuedAt: new Date().toISOString(),
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        });
      },
      {
        bookCode: book.code,
        bookTitle: book.title,
        chapterCode: chapter.code,
        chapterTitle: chapter.title,
        chapterPosition: chapter.position,
        paragraph: null,
        readAt: new Date().toISOString(),
      },
    );
    const history = async () =>
      (
        await (await fetch(`${baseURL}/profile/reading-history`, { headers: { cookie: `pb_token=${token}` } })).text()
      ).includes(chapter.code);
    expect(await history()).toBe(false);
    await dispatchBackgroundSync(context, page);
    await expect.poll(history, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => queuedWrites(page)).toEqual([]);
    await context.close();
  });
});
