import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';

/**
 * A new context of `browser` at `width` px (844 high) where the site's service worker may run, and
 * a page in it: every offline test starts here.
 */
export async function serviceWorkerContext(
  browser: Browser,
  width = 390,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

/** The addresses in the service worker's precache (Serwist's cache), with their revisions. */
export function precached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** The bytes of the bodies in the service worker's precache: what its installs fetched. */
export function precachedBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let bytes = 0;
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) bytes += (await (await cache.match(request))!.blob()).size;
    }
    return bytes;
  });
}

/**
 * What the context's service workers fetch from now on (their installs), as the network answered it:
 * `bytes()` sums the bytes on the wire (headers and encoded bodies; nothing for an answer the HTTP
 * cache gave) and counts the requests.
 */
export function watchWorkerFetches(context: BrowserContext): () => Promise<{ requests: number; bytes: number }> {
  const sizes: Promise<number>[] = [];
  context.on('requestfinished', (request) => {
    if (!request.serviceWorker()) return;
    sizes.push(
      request.sizes().then(
        (size) => size.responseHeadersSize + size.responseBodySize,
        () => 0,
      ),
    );
  });
  return async () => {
    const all = await Promise.all(sizes);
    return { requests: all.length, bytes: all.reduce((sum, n) => sum + n, 0) };
  };
}

/** The page is controlled by the site's service worker (registered after load, claimed at activation). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { polling: 100 });
}

/**
 * Downloads a book for offline reading as a reader does on its page ("Tải để đọc ngoại tuyến",
 * then "Tải về máy") and waits for the result and for the service worker the download installed.
 */
export async function downloadBookForOffline(page: Page, bookUrl: string): Promise<void> {
  await page.goto(bookUrl);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Tải để đọc ngoại tuyến' }).click();
  await page.getByRole('button', { name: 'Tải về máy' }).click();
  await page.getByTestId('offline-download-result').waitFor();
  await waitForServiceWorker(page);
}

/** Asks the browser to look for a new service worker (a deploy) and waits until it controls the page. */
export async function takeNextWorker(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        void navigator.serviceWorker.getRegistration().then((r) => r?.update());
      }),
  );
}
