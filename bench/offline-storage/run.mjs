// `npm run bench:offline-storage`: what downloading for offline use stores on a device (decisions
// 0025 and 0030). Starts the production build (rebuilt when stale, like bench/page-weight.mjs) on a
// fresh temporary DATA_DIR (SQLite, demo content), then in Debian's Chromium (playwright-core, a real
// service worker, 390×844) downloads each demo book and each demo talk the way a reader does — the
// book page's "Tải để đọc ngoại tuyến", a talk's "Tải để nghe ngoại tuyến" — one after another on
// one device, and prints per download the bytes it added to the downloads cache (the sum of the
// stored bodies: pages, the assets and fonts not stored before, the search index, the audio); at the
// end, `navigator.storage.estimate().usage` (Chromium's own count, with its overheads; per download
// it moves with Chromium's compaction, even backwards, so only the total is printed). The first
// download also installs the worker and its precache: printed on its own line. Asserts nothing. See
// bench/README.md.
//
//   npm run bench:offline-storage               # table
//   npm run bench:offline-storage -- --json     # the figures as JSON too
import { startChromiumBench } from '../lib/chromium-bench.mjs';

const DOWNLOADS_CACHE = 'phap-bao-downloads-v1'; // app/lib/offline-cache.ts
const KB = 1000;

// --- Server (bench/lib/chromium-bench.mjs: rebuilt when stale, a fresh DATA_DIR) ------------------
const bench = await startChromiumBench({ tmpPrefix: 'phap-bao-offline-storage-' });
const { server, baseUrl } = bench;

const getJson = async (address) => (await (await fetch(`${baseUrl}${address}`)).json()).data;

// --- Measuring ------------------------------------------------------------------------------------------
/** The device's storage as Chromium counts it, and the bodies kept in each of the site's caches. */
function storageOf(page) {
  return page.evaluate(async (downloadsCache) => {
    const { usage } = await navigator.storage.estimate();
    let downloads = 0;
    let precache = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      for (const request of await cache.keys()) bytes += (await (await cache.match(request)).blob()).size;
      if (name === downloadsCache) downloads += bytes;
      else if (name.includes('precache')) precache += bytes;
    }
    return { usage, downloads, precache };
  }, DOWNLOADS_CACHE);
}

const fmt = (bytes) => `${(bytes / KB).toLocaleString('en-US', { maximumFractionDigits: 1 })}`;

try {
  await server.ready();
  const browser = await bench.launch();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  let before = await storageOf(page);
  const rows = [];

  const books = (await getJson('/api/v1/public/doc/all-doc-content'))
    .filter((b) => b.chapterCount > 0)
    .sort((a, b) => a.code.localeCompare(b.code));
  for (const book of books) {
    const offline = await getJson(`/api/v1/public/doc/${book.code}/offline`);
    await page.goto(`${baseUrl}${offline.path}`);
    await page.getByRole('button', { name: 'Tải để đọc ngoại tuyến' }).click();
    await page.getByRole('button', { name: 'Tải về máy' }).click();
    await page.getByTestId('offline-download-result').waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const after = await storageOf(page);
    if (rows.length === 0) {
      rows.push({
        kind: 'worker',
        name: 'service worker precache (app shell, once per device)',
        stored: after.precache,
      });
    }
    rows.push({
      kind: 'book',
      name: `${book.title} (${offline.chapterCount} chương)`,
      source: offline.textBytes,
      stored: after.downloads - before.downloads,
    });
    before = after;
  }

  const collections = (await getJson('/api/v1/public/audio_collections')).items;
  for (const collection of collections) {
    const { talks } = await getJson(`/api/v1/public/audio_collection/${collection.id}`);
    for (const talk of talks) {
      await page.goto(`${baseUrl}/tai-ve?bai-giang=${talk.id}&tuyen-tap=${collection.id}`);
      await page.getByTestId('offline-talk-result').waitFor({ timeout: 120_000 });
      const after = await storageOf(page);
      rows.push({
        kind: 'talk',
        name: `${talk.title} (${Math.round(talk.duration)} s)`,
        source: talk.sizeBytes,
        stored: after.downloads - before.downloads,
      });
      before = after;
    }
  }

  console.log(
    `\nOffline storage, Chromium ${browser.version()}, ${new Date().toISOString().slice(0, 10)} (kB = 1000 bytes)`,
  );
  console.log("source: the book's chapter text (bodyHtml + parallelHtml) or the talk's audio file;");
  console.log('stored: bodies added to the downloads cache (the first book also stores the scripts, styles and');
  console.log('fonts of the page frame, which the later downloads share)\n');
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'download'.padEnd(width)}  ${'source kB'.padStart(10)}  ${'stored kB'.padStart(10)}`);
  for (const r of rows) {
    const source = r.source === undefined ? '' : fmt(r.source);
    console.log(`${r.name.padEnd(width)}  ${source.padStart(10)}  ${fmt(r.stored).padStart(10)}`);
  }
  const sum = (kind, key) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + (r[key] ?? 0), 0);
  for (const kind of ['book', 'talk']) {
    const count = rows.filter((r) => r.kind === kind).length;
    console.log(
      `${kind === 'book' ? 'books' : 'talks'}: ${count}, stored ${fmt(sum(kind, 'stored'))} kB for ${fmt(sum(kind, 'source'))} kB of source`,
    );
  }
  console.log(`navigator.storage.estimate().usage after all of them: ${fmt(before.usage)} kB`);
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
} finally {
  await bench.cleanup();
}
