// `npm run bench:weight`: what a phone downloads. Starts the production build (build/server/main.js,
// rebuilt when stale, like bench/http.mjs) on a fresh temporary DATA_DIR, loads a few pages in
// Debian's Chromium at 390×844 with an empty cache, and prints per page the bytes transferred
// (encoded, headers included), the number of requests, and the font and JS bytes. Then the reader's
// case: a chapter, and the next chapter opened from its "next" link in the same tab (cached assets
// count 0). Byte counts do not depend on the machine's load. Asserts nothing. See bench/README.md.
//
//   npm run bench:weight                  # table
//   npm run bench:weight -- --json        # the figures as JSON too
import path from 'node:path';
import { startChromiumBench } from './lib/chromium-bench.mjs';
import { printTable as printRows } from './lib/table.mjs';

const VIEWPORT = { width: 390, height: 844 };
const BOOK = 'kinh-kim-cang';
const CHAPTER = `/${BOOK}-1/${BOOK}`; // chapter codes are <book code>-<number> (app/routes.ts)
const KiB = 1024;

// --- Build and server (bench/lib/chromium-bench.mjs: rebuilt when stale, a fresh DATA_DIR) ------
const bench = await startChromiumBench({ tmpPrefix: 'phap-bao-weight-' });
const { server, baseUrl } = bench;
let browser = null;

// --- Measuring ------------------------------------------------------------------------------------
/**
 * Records every response of a page through the DevTools protocol: encoded bytes (what crossed the
 * network, headers included; 0 for what came from the cache) and decoded bytes, by resource type.
 */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const r = requests.get(requestId) ?? { decoded: 0 };
    Object.assign(r, {
      url: response.url,
      type,
      cached: response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache,
      encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
    });
    requests.set(requestId, r);
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    requests.set(requestId, { ...(requests.get(requestId) ?? { decoded: 0 }), cached: true });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const r = requests.get(requestId) ?? { decoded: 0 };
    r.decoded += dataLength;
    requests.set(requestId, r);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId) ?? { decoded: 0 };
    r.encoded = r.cached ? 0 : encodedDataLength;
    r.done = true;
    requests.set(requestId, r);
  });
  return {
    reset: () => requests.clear(),
    summary() {
      const done = [...requests.values()].filter((r) => r.done && r.url && !r.url.startsWith('data:'));
      const sum = (list, key) => list.reduce((total, r) => total + (r[key] ?? 0), 0);
      const network = done.filter((r) => !r.cached);
      const scripts = done.filter((r) => r.type === 'Script');
      const fonts = done.filter((r) => r.type === 'Font');
      const encodings = [...new Set(network.map((r) => r.encoding).filter(Boolean))].join('+') || 'none';
      return {
        requests: network.length,
        cachedRequests: done.length - network.length,
        transferred: sum(done, 'encoded'),
        jsRaw: sum(scripts, 'decoded'),
        jsTransferred: sum(scripts, 'encoded'),
        fonts: sum(fonts, 'encoded'),
        fontFiles: fonts.filter((r) => !r.cached).map((r) => path.basename(new URL(r.url).pathname)),
        encodings,
      };
    },
  };
}

/** Waits until the network is quiet and the fonts the page uses have arrived. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

async function firstVisit(url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const record = await recorder(page);
  const response = await page.goto(baseUrl + url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  await settle(page);
  const figures = record.summary();
  await context.close();
  return figures;
}

/** The chapter with an empty cache, then its "next" link clicked in the same tab. */
async function readOn() {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const record = await recorder(page);
  await page.goto(baseUrl + CHAPTER, { waitUntil: 'load' });
  await settle(page);
  const first = record.summary();
  // Hydrated (app/root.tsx marks <html data-hydrated>): the link navigates on the client.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  record.reset();
  const before = page.url();
  await page.locator('a[rel="next"]').first().click();
  await page.waitForURL((u) => u.href !== before);
  await settle(page);
  const next = record.summary();
  // The same chapter again as a full load (a reader who follows a shared link), cache warm.
  record.reset();
  await page.reload({ waitUntil: 'load' });
  await settle(page);
  const reload = record.summary();
  await context.close();
  return { first, next, nextUrl: new URL(page.url()).pathname, reload };
}

// --- Main -----------------------------------------------------------------------------------------
const fmtKiB = (bytes) => `${(bytes / KiB).toFixed(1)}`;

function printTable(rows) {
  const headers = ['page', 'requests', 'transferred KiB', 'JS raw KiB', 'JS transferred KiB', 'fonts KiB', 'encoding'];
  const cells = rows.map(([label, f]) => [
    label,
    String(f.requests),
    fmtKiB(f.transferred),
    fmtKiB(f.jsRaw),
    fmtKiB(f.jsTransferred),
    fmtKiB(f.fonts),
    f.encodings,
  ]);
  printRows(headers, cells, { left: [0, 6] });
}

try {
  const started = Date.now();
  await server.ready();
  console.log(`Server ready on ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A talk's address: the first one the talks page links to.
  const talks = await (await fetch(`${baseUrl}/phap-am`)).text();
  const talk = /href="(\/phap-am\/\d+)"/.exec(talks)?.[1];
  if (!talk) throw new Error('no talk linked from /phap-am');

  browser = await bench.launch(['--disable-background-networking', '--disable-component-update', '--disable-sync']);
  const pages = ['/', `/sach/${BOOK}`, CHAPTER, '/search?query=phat+giao', talk, '/tin-tuc'];
  const rows = [];
  const fontFiles = {};
  for (const url of pages) {
    const figures = await firstVisit(url);
    rows.push([url, figures]);
    fontFiles[url] = figures.fontFiles;
  }
  const reading = await readOn();
  rows.push([`${CHAPTER} (then next)`, reading.first]);
  rows.push([`→ next chapter ${reading.nextUrl} (link)`, reading.next]);
  rows.push([`→ reload ${reading.nextUrl} (warm cache)`, reading.reload]);
  console.log(
    `\nChromium ${browser.version()} at ${VIEWPORT.width}×${VIEWPORT.height}, empty cache per page; KiB = 1024 bytes; ` +
      'transferred = encoded bytes with headers (cache hits 0); JS raw = decoded size.',
  );
  printTable(rows);
  console.log('\nFont files downloaded:');
  for (const [url, files] of Object.entries(fontFiles)) console.log(`  ${url}: ${files.join(', ') || '–'}`);
  const first = reading.first.transferred / KiB;
  const next = reading.next.transferred / KiB;
  console.log(
    `\nTargets: chapter first visit ≤ 250 KB: ${first.toFixed(1)} KiB ${first <= 250 ? 'ok' : 'OVER'}; ` +
      `next chapter ≤ 30 KB: ${next.toFixed(1)} KiB ${next <= 30 ? 'ok' : 'OVER'}`,
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rows, reading }, null, 2));
} catch (error) {
  console.error(`Benchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await bench.cleanup();
}
