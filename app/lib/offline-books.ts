import type { OfflineBook } from '#common/contracts/library.schema.ts';
import { DOWNLOAD_RECORD_PREFIX, DOWNLOADS_CACHE, TALK_RECORD_PREFIX } from './offline-cache.ts';
import { installOfflineWorker } from './offline-shell.ts';
import { indexDownloadedBook, removeBookIndex } from './offline-search.ts';

/**
 * Books downloaded for reading offline (decision 0025): their pages and the assets and pictures those
 * pages name go into DOWNLOADS_CACHE, which the service worker answers from when there is no
 * network; beside them, one record per book. Browser only; loaded with the download button and the
 * downloads page, never on a page's first load.
 */

export interface DownloadRecord {
  code: string;
  title: string;
  path: string;
  /** Each chapter page and the hash of the text it must hold. */
  chapters: { path: string; contentSha256: string }[];
  /** Hashed assets and pictures the pages name (shared between books: removed with the last one). */
  assets: string[];
  /** Bytes stored: pages, assets and pictures. */
  bytes: number;
  downloadedAt: string;
}

export interface DownloadCheck {
  /** Chapter pages present and holding the expected text. */
  verified: number;
  expected: number;
  ok: boolean;
}

export const canDownload = (): boolean =>
  typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

/** What downloading the book fetches, with its size (GET /api/v1/public/doc/{code}/offline). */
export async function fetchOfflineBook(code: string): Promise<OfflineBook> {
  const res = await fetch(`/api/v1/public/doc/${encodeURIComponent(code)}/offline`);
  if (!res.ok) throw new Error(`offline manifest: ${res.status}`);
  return ((await res.json()) as { data: OfflineBook }).data;
}

/**
 * What downloading the book will store, roughly: each page is about this page's HTML plus its text
 * (twice: the HTML and the page's data), and the assets this page loaded. Shown before; the real
 * figure after.
 */
export function estimateDownloadBytes(book: OfflineBook): number {
  const frame = new Blob([document.documentElement.outerHTML]).size;
  const assets = performance
    .getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
    .reduce((sum, e) => sum + ((e as PerformanceResourceTiming).decodedBodySize || 0), 0);
  return (book.chapterCount + 1) * frame + 2 * book.textBytes + assets;
}

// "/assets/…" and "/media/…" addresses in a page (src, href, srcset, module imports) or a style sheet (url()).
// A backslash ends one too: the page's module script is written as a JSON string (\"/assets/…\"),
// see app/lib/scripts-after-paint.server.ts.
const LOCAL_FILE = /(?:^|["'(\s,\\])(\/(?:assets|media)\/[^"'()\s,?#\\]+)/g;

export function localFilesOf(text: string): string[] {
  return [...text.matchAll(LOCAL_FILE)].map((m) => m[1]!);
}

export async function store(cache: Cache, path: string): Promise<{ bytes: number; text: string | null }> {
  const res = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const blob = await res.blob();
  const type = res.headers.get('Content-Type') ?? '';
  const textual = type.includes('text/html') || type.includes('text/css');
  // A copy built from the bytes: the cache keeps the page's headers (its CSP goes with its nonce).
  await cache.put(path, new Response(blob, { status: res.status, statusText: res.statusText, headers: res.headers }));
  return { bytes: blob.size, text: textual ? await blob.text() : null };
}

/**
 * Stores the hashed assets and pictures pages name, and the fonts their style sheets name (added to
 * `assets`); what is already stored (by another download) is not fetched again. Returns the bytes added.
 */
export async function storeNamedFiles(cache: Cache, assets: Set<string>): Promise<number> {
  let bytes = 0;
  for (const file of [...assets]) {
    if (await cache.match(file)) continue;
    const { bytes: size, text } = await store(cache, file).catch(() => ({ bytes: 0, text: null }));
    bytes += size;
    for (const font of localFilesOf(text ?? '')) {
      if (assets.has(font)) continue;
      assets.add(font);
      bytes += (await store(cache, font).catch(() => ({ bytes: 0 }))).bytes;
    }
  }
  return bytes;
}

const recordUrl = (code: string) => `${DOWNLOAD_RECORD_PREFIX}${encodeURIComponent(code)}`;

/**
 * Downloads the book page and every chapter page, then what they name, then checks the result.
 * Asks the browser to keep the storage (`navigator.storage.persist()`).
 */
export async function downloadBook(
  book: OfflineBook,
  onProgress: (done: number, total: number) => void,
): Promise<{ record: DownloadRecord; check: DownloadCheck }> {
  void navigator.storage?.persist?.().catch(() => false);
  // The worker that answers offline installs while the book downloads (the reader asked for it now).
  const worker = installOfflineWorker();
  const cache = await caches.open(DOWNLOADS_CACHE);
  const pages = [book.path, ...book.chapters.map((c) => c.path)];
  const assets = new Set<string>();
  let bytes = 0;
  let done = 0;
  onProgress(0, pages.length);
  for (const page of pages) {
    const { bytes: size, text } = await store(cache, page);
    bytes += size;
    for (const file of localFilesOf(text ?? '')) assets.add(file);
    onProgress(++done, pages.length);
  }
  bytes += await storeNamedFiles(cache, assets);
  const record: DownloadRecord = {
    code: book.code,
    title: book.title,
    path: book.path,
    chapters: book.chapters.map((c) => ({ path: c.path, contentSha256: c.contentSha256 })),
    assets: [...assets],
    bytes,
    downloadedAt: new Date().toISOString(),
  };
  // The words of every paragraph, for searching the book offline (app/lib/offline-search.ts).
  record.bytes += (await indexDownloadedBook(record)).bytes;
  await cache.put(recordUrl(book.code), Response.json(record));
  await worker;
  return { record, check: await checkDownload(record) };
}

/**
 * "Có bản mới": the downloaded books whose chapters changed on the server since (another hash, a
 * chapter added, removed or moved), with what downloading them again fetches. Needs the network;
 * a book the server no longer has is left as it is.
 */
export async function findUpdates(records: DownloadRecord[]): Promise<Map<string, OfflineBook>> {
  const updates = new Map<string, OfflineBook>();
  for (const record of records) {
    const book = await fetchOfflineBook(record.code).catch(() => null);
    if (!book) continue;
    const now = book.chapters.map((c) => `${c.path} ${c.contentSha256}`).join('\n');
    const then = record.chapters.map((c) => `${c.path} ${c.contentSha256}`).join('\n');
    if (now !== then) updates.set(record.code, book);
  }
  return updates;
}

/** Downloads a changed book again, then drops the pages and assets only its old copy named. */
export async function updateDownload(
  book: OfflineBook,
  onProgress: (done: number, total: number) => void,
): Promise<{ record: DownloadRecord; check: DownloadCheck }> {
  const old = await findDownload(book.code);
  const result = await downloadBook(book, onProgress);
  if (old) {
    const cache = await caches.open(DOWNLOADS_CACHE);
    await dropUnnamedFiles(cache, [old.path, ...old.chapters.map((c) => c.path), ...old.assets]);
  }
  return result;
}

/** Every chapter page present and holding the text of the manifest's hash: counted. */
export async function checkDownload(record: DownloadRecord): Promise<DownloadCheck> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  let verified = 0;
  for (const chapter of record.chapters) {
    const page = await cache.match(chapter.path);
    const text = page ? await page.text() : '';
    if (text.includes(`data-content-sha256="${chapter.contentSha256}"`)) verified += 1;
  }
  const bookPage = await cache.match(record.path);
  const expected = record.chapters.length;
  return { verified, expected, ok: verified === expected && bookPage !== undefined };
}

export async function findDownload(code: string): Promise<DownloadRecord | null> {
  if (!canDownload()) return null;
  const cache = await caches.open(DOWNLOADS_CACHE);
  const res = await cache.match(recordUrl(code));
  return res ? ((await res.json()) as DownloadRecord) : null;
}

/** The downloaded books, newest first. */
export async function listDownloads(): Promise<DownloadRecord[]> {
  if (!canDownload()) return [];
  const cache = await caches.open(DOWNLOADS_CACHE);
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(DOWNLOAD_RECORD_PREFIX));
  const records = await Promise.all(keys.map(async (k) => (await (await cache.match(k))!.json()) as DownloadRecord));
  return records.sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

/** Removes a book's pages and record, and the assets no other download names. */
export async function removeDownload(code: string): Promise<void> {
  const record = await findDownload(code);
  if (!record) return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.delete(recordUrl(code));
  await removeBookIndex(code);
  await dropUnnamedFiles(cache, [record.path, ...record.chapters.map((c) => c.path), ...record.assets]);
}

/** Deletes those of `files` that no download left (book or talk, app/lib/offline-talks.ts) names. */
export async function dropUnnamedFiles(cache: Cache, files: string[]): Promise<void> {
  const kept = new Set<string>();
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    if (!path.startsWith(DOWNLOAD_RECORD_PREFIX) && !path.startsWith(TALK_RECORD_PREFIX)) continue;
    const record = (await (await cache.match(key))!.json()) as Partial<DownloadRecord> & { files?: string[] };
    for (const file of [record.path, ...(record.chapters ?? []).map((c) => c.path), ...(record.assets ?? [])]) {
      if (file) kept.add(file);
    }
    for (const file of record.files ?? []) kept.add(file);
  }
  await Promise.all(files.filter((f) => !kept.has(f)).map((f) => cache.delete(f)));
}

export { formatBytes } from './format-bytes.ts';
