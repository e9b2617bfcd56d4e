// The site's service worker (decisions 0025, 0053), bundled by scripts/build.mjs into build/client/sw.js
// with its precache list: the app shell of this build (entry, root, layouts, reading pages, their
// styles and fonts, the offline and downloads pages). Every reader's browser runs it; what it keeps
// depends on the device. One that reads offline (it has downloaded something: the mark in the Cache
// Storage, or downloads from before the mark) precaches the whole list at install; any other keeps
// only the offline page and what that page names (about 10 KB on the wire: the style sheets and fonts
// come from the HTTP cache), until a download asks for the rest by message, answered once stored. Serwist installs a new build's list beside the old, activates
// at once and drops the old list; a page of the old build still open then gets its chunks from the
// network or, when gone there, reloads once (app/lib/chunk-reload.ts).
import { createPartialResponse, type PrecacheEntry, Route, Serwist } from 'serwist';
import {
  APP_SHELL_KEPT_MESSAGE,
  DOWNLOADS_CACHE,
  DOWNLOADS_PAGE_PATH,
  KEEP_APP_SHELL_MESSAGE,
  OFFLINE_PAGE_PATH,
  OFFLINE_READING_MARK_CACHE,
  PRECACHED_PAGE_QUERY,
  SEARCH_PAGE_PATH,
} from '../lib/offline-cache.ts';
import { QUEUE_CHANGED_EVENT } from '../lib/offline-opt-in.ts';
import { OFFLINE_WRITES_SYNC_TAG, replayWrites } from '../lib/offline-write-queue.ts';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4 },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
});

const ENTRIES = self.__SW_MANIFEST.map((entry) => (typeof entry === 'string' ? { url: entry } : entry));
const OFFLINE_PAGE = OFFLINE_PAGE_PATH + PRECACHED_PAGE_QUERY;

/**
 * Stores those of `entries` not yet in this build's precache under Serwist's keys, four at a time,
 * as its install does: an address with a revision past the HTTP cache, a hashed one through it.
 */
async function precache(entries: PrecacheEntry[]): Promise<void> {
  const cache = await caches.open(serwist.precacheStrategy.cacheName);
  const pending = [...entries];
  const storeNext = async (): Promise<void> => {
    for (let entry = pending.shift(); entry; entry = pending.shift()) {
      const url = new URL(entry.url, self.location.href).href;
      const key = serwist.getPrecacheKeyForUrl(url);
      if (!key || (await cache.match(key))) continue;
      const response = await fetch(
        new Request(url, {
          cache: entry.revision ? 'reload' : 'default',
          credentials: 'same-origin',
          integrity: entry.integrity,
        }),
      );
      if (!response.ok || response.redirected) throw new Error(`Precache: ${entry.url} answered ${response.status}`);
      await cache.put(key, response);
    }
  };
  await Promise.all([storeNext(), storeNext(), storeNext(), storeNext()]);
}

/**
 * The offline page and what it needs to be drawn, from this build's list: the style sheets, fonts
 * and icon its links name (not the web manifest nor the home-screen icon; the page runs no
 * scripts). Read from the page itself, so the list follows the layout without a second list.
 */
async function precacheOfflinePage(): Promise<void> {
  await precache(ENTRIES.filter((entry) => entry.url === OFFLINE_PAGE));
  const page = await serwist.matchPrecache(OFFLINE_PAGE);
  if (!page) throw new Error('Precache: the offline page was not stored');
  const needed = new Set<string>();
  for (const [link] of (await page.text()).matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]*)"/.exec(link)?.[1];
    const href = /\bhref="([^"]*)"/.exec(link)?.[1];
    if (href && (rel === 'stylesheet' || rel === 'preload' || rel === 'icon')) needed.add(href);
  }
  await precache(ENTRIES.filter((entry) => needed.has(entry.url)));
}

/** Whether this device reads offline: marked by a download, or holding downloads made before the mark. */
async function readsOffline(): Promise<boolean> {
  if (await caches.has(OFFLINE_READING_MARK_CACHE)) return true;
  if (!(await caches.has(DOWNLOADS_CACHE))) return false;
  return (await (await caches.open(DOWNLOADS_CACHE)).keys()).length > 0;
}

self.addEventListener('install', (event) => {
  event.waitUntil(readsOffline().then((all) => (all ? serwist.handleInstall(event) : precacheOfflinePage())));
});
self.addEventListener('activate', serwist.handleActivate);
self.addEventListener('fetch', serwist.handleFetch);

// A download asks for the whole app shell (app/lib/offline-shell.ts): marked, stored, then answered,
// so the page says "Đã tải" only when every page of a downloaded book opens offline. The active
// worker does it, so no second worker is installed and none is left waiting.
self.addEventListener('message', (event) => {
  if (event.data !== KEEP_APP_SHELL_MESSAGE) return;
  const answer = event.ports[0];
  event.waitUntil(
    caches
      .open(OFFLINE_READING_MARK_CACHE)
      .then(() => precache(ENTRIES))
      // The page that asked may have started loading just before this worker activated, and
      // activation's claim passed it by: claimed now, it opens downloaded links offline at once.
      .then(() => self.clients.claim())
      .then(
        () => answer?.postMessage(APP_SHELL_KEPT_MESSAGE),
        (error: unknown) => answer?.postMessage(String(error)),
      ),
  );
});

async function fromDownloads(request: Request): Promise<Response | undefined> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  const exact = await cache.match(request, { ignoreVary: true });
  if (exact) return exact;
  // A talk is its own page of its collection (`?nghe=`, stored without a moment `&t=`); any other
  // query (a chapter opened at a search hit, `?tim=`) is the page downloaded.
  const url = new URL(request.url);
  const talk = url.searchParams.get('nghe');
  if (talk !== null) return cache.match(`${url.pathname}?nghe=${encodeURIComponent(talk)}`, { ignoreVary: true });
  return cache.match(request, { ignoreSearch: true, ignoreVary: true });
}

// Pages: always the network; without it, the downloaded copy, the precached downloads page, or the
// offline page — never the browser's own error page. The network's answer is the navigation
// preload where the browser has it (Serwist enables it at activation): the request leaves while the
// worker starts, so a reader's page waits no longer than without a worker (decision 0053).
serwist.registerRoute(
  new Route(
    ({ request }) => request.mode === 'navigate',
    async ({ request, event }) => {
      try {
        const preloaded = (await (event as FetchEvent | undefined)?.preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch (error) {
        const downloaded = await fromDownloads(request);
        if (downloaded) return downloaded;
        const url = new URL(request.url);
        // Offline, a search looks in the downloaded books (decision 0030).
        if (url.pathname === SEARCH_PAGE_PATH) {
          const words = url.searchParams.get('query') ?? '';
          return Response.redirect(`${DOWNLOADS_PAGE_PATH}?${new URLSearchParams({ tim: words })}`, 302);
        }
        if (url.pathname === DOWNLOADS_PAGE_PATH) {
          const list = await serwist.matchPrecache(DOWNLOADS_PAGE_PATH + PRECACHED_PAGE_QUERY);
          if (list) return list;
        }
        const offline = await serwist.matchPrecache(OFFLINE_PAGE_PATH + PRECACHED_PAGE_QUERY);
        if (offline) return offline;
        throw error;
      }
    },
  ),
);

// Hashed assets not in this build's precache (those of a downloaded page rendered by an earlier
// build) and the pictures of downloaded chapters: the downloads first, then the network.
serwist.registerRoute(
  new Route(
    ({ url, request, sameOrigin }) =>
      sameOrigin &&
      !request.headers.has('range') &&
      (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/')),
    async ({ request }) => (await fromDownloads(request)) ?? fetch(request),
  ),
);

// The player asks for the audio in ranges (a seek is a new range): a downloaded talk's audio is
// answered from its stored whole file (decision 0030), anything else by the network.
serwist.registerRoute(
  new Route(
    ({ url, request, sameOrigin }) => sameOrigin && request.headers.has('range') && url.pathname.startsWith('/media/'),
    async ({ request }) => {
      const whole = await (await caches.open(DOWNLOADS_CACHE)).match(request.url, { ignoreVary: true });
      return whole ? createPartialResponse(request, whole) : fetch(request);
    },
  ),
);

// Writes made offline (decision 0039): the browser wakes the worker when the network returns (the
// Background Sync API, Chromium), which sends the queue even if no page of the site is open. A
// write the server could not take yet (logged out, server unwell) makes the sync fail, so the
// browser tries again later; pages still send the queue themselves where there is no sync.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag !== OFFLINE_WRITES_SYNC_TAG) return;
  sync.waitUntil(
    replayWrites().then(async (result) => {
      // Open pages showing what waited read the queue again (app/components/offline/offline-keep.ts).
      for (const client of await self.clients.matchAll()) client.postMessage(QUEUE_CHANGED_EVENT);
      if (result.waiting > 0) throw new Error('Offline writes still waiting');
    }),
  );
});
