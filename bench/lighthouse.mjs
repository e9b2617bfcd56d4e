// `npm run bench:lighthouse`: Lighthouse's mobile audit of the pages readers land on. Starts the
// production build (build/server/main.js, rebuilt when stale, like bench/http.mjs) on a fresh
// temporary DATA_DIR, runs Lighthouse (mobile form factor, its default simulated Slow 4G and 4×
// CPU slowdown) in Debian's Chromium N times per page and prints the medians: performance and
// accessibility scores, FCP, LCP, TBT, CLS, Speed Index and bytes transferred. Timings depend on
// the machine's load: the load average is printed at the start and the end. See bench/README.md.
//
//   npm run bench:lighthouse                      # every page, 3 runs each
//   npm run bench:lighthouse -- --runs 5          # more runs
//   npm run bench:lighthouse -- --only /tin-tuc   # one page (an address of the table)
//   npm run bench:lighthouse -- --details         # also what Lighthouse blames and the tasks making TBT, per page (last run)
//   npm run bench:lighthouse -- --json            # the medians as JSON too
//   npm run bench:lighthouse -- --save DIR        # each page's last Lighthouse report (JSON) into DIR
//
// After Lighthouse's table, the main thread of each page by CPU time (bench/lib/main-thread.mjs):
// a Total Blocking Time estimate that does not move with the machine's load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { blockingTasks, describeBlockingTasks } from './lib/lantern-blame.mjs';
import { measureMainThread, printMainThread } from './lib/main-thread.mjs';
import { buildIfStale, root, startProductionServer } from './lib/production-server.mjs';
import { printTable as printRows } from './lib/table.mjs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
}
const RUNS = Number(option('--runs', '3'));
const ONLY = option('--only', null);
const SAVE_DIR = option('--save', null);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number ≥ 1');

// --- Build (same rule as scripts/start.mjs and bench/http.mjs) ----------------------------------
buildIfStale();

// --- Server ---------------------------------------------------------------------------------------
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadAtStart = loadAverage();
const server = await startProductionServer({ tmpPrefix: 'phap-bao-lighthouse-' });
const { baseUrl } = server;
let chrome = null;
async function cleanup() {
  await chrome?.kill();
  await server.stop();
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

/** The first address of `pattern` (one capture group) in the HTML of `page`. */
async function firstLink(page, pattern) {
  const html = await (await fetch(baseUrl + page)).text();
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no link matching ${pattern} on ${page}`);
  return found.replaceAll('&amp;', '&');
}

// --- Measuring ------------------------------------------------------------------------------------
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Trace failures Lighthouse itself says to retry ("Please run Lighthouse again"). */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

/** One Lighthouse run (its default config: mobile, simulated throttling; storage and cache reset). */
async function audit(url, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const { lhr } = result;
  if (lhr.runtimeError && RETRIED_ERRORS.has(lhr.runtimeError.code) && attempt < 3) return audit(url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lhr,
    artifacts: result.artifacts,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    bytes: value('total-byte-weight'),
  };
}

/** What Lighthouse blames on a page: failed audits with a saving or a score under 0.9, worst first. */
function details(lhr) {
  const lines = [];
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpElement) lines.push(`LCP element: ${lcpElement.snippet?.slice(0, 100)}`);
  for (const category of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[category].auditRefs) {
      const a = lhr.audits[ref.id];
      if (a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative') continue;
      lines.push(`[${category}] ${a.id}: ${a.displayValue ?? ''} (score ${a.score})`);
    }
  }
  for (const id of ['bootup-time', 'mainthread-work-breakdown', 'render-blocking-resources', 'unused-javascript']) {
    const a = lhr.audits[id];
    if (a) lines.push(`${id}: ${a.displayValue ?? a.score}`);
  }
  return lines;
}

const fmtMs = (ms) => `${(ms / 1000).toFixed(2)} s`;

function printTable(rows) {
  const headers = ['page', 'perf', 'a11y', 'FCP', 'LCP', 'TBT ms', 'CLS', 'Speed Index', 'KiB'];
  const cells = rows.map(([url, m]) => [
    url,
    String(m.performance),
    String(m.accessibility),
    fmtMs(m.fcp),
    fmtMs(m.lcp),
    String(Math.round(m.tbt)),
    m.cls.toFixed(3),
    fmtMs(m.speedIndex),
    (m.bytes / 1024).toFixed(1),
  ]);
  printRows(headers, cells);
}

// --- Main -----------------------------------------------------------------------------------------
try {
  const started = Date.now();
  await server.ready();
  console.log(`Server ready on ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Addresses from the listing pages, as a reader would find them.
  const book = await firstLink('/sach', /href="(\/sach\/[\w-]+)"/);
  const chapter = await firstLink(book, /href="(\/[\w-]+-\d+\/[\w-]+)"/);
  const talk = await firstLink('/phap-am', /href="(\/phap-am\/\d+)"/);
  const pages = ['/', '/search?query=phat+giao', book, chapter, talk, '/tin-tuc'].filter(
    (url) => ONLY === null || url === ONLY,
  );
  if (pages.length === 0) throw new Error(`--only ${ONLY}: not one of the pages measured`);

  // The server's first render of a page is slower (cold code, empty caches): not what is measured.
  for (const url of pages) for (let i = 0; i < 3; i++) await (await fetch(baseUrl + url)).arrayBuffer();
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  console.log(`Load average at start: ${loadAtStart} (1, 5, 15 min; ${os.cpus().length} CPUs)`);
  const rows = [];
  const blamed = [];
  const tbtRuns = [];
  for (const url of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await audit(baseUrl + url));
      process.stdout.write('.');
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    rows.push([
      url,
      Object.fromEntries(
        ['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'speedIndex', 'bytes'].map((k) => [k, pick(k)]),
      ),
    ]);
    tbtRuns.push([url, runs.map((r) => Math.round(r.tbt))]);
    if (process.argv.includes('--details')) {
      blamed.push([url, [...details(runs.at(-1).lhr), ...describeBlockingTasks(await blockingTasks(runs.at(-1)))]]);
    }
    for (const run of runs) delete run.artifacts; // traces are large: keep only the figures
    if (SAVE_DIR) {
      fs.mkdirSync(SAVE_DIR, { recursive: true });
      const name = url.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'home';
      fs.writeFileSync(path.join(SAVE_DIR, `${name}.json`), JSON.stringify(runs.at(-1).lhr));
    }
  }
  const browser = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser;
  const { version } = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  );
  console.log(`\n\nLighthouse ${version} in ${browser}, mobile, simulated Slow 4G; median of ${RUNS} run(s) per page.`);
  printTable(rows);
  // The median hides how far TBT moves from run to run: every run's figure, in the order run.
  console.log('\nTBT of each run, ms:');
  for (const [url, values] of tbtRuns) console.log(`  ${url.padEnd(38)} ${values.join(' / ')}`);
  console.log(`\nLoad average: ${loadAtStart} at the start, ${loadAverage()} at the end.`);
  console.log(
    'Targets: performance ≥ 98, accessibility 100, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS 0. ' +
      'Scores and timings move with the load: measure on a quiet machine.',
  );
  const traceBrowser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    printMainThread(
      await measureMainThread(
        traceBrowser,
        pages.map((url) => baseUrl + url),
        Math.max(3, RUNS),
      ),
      Math.max(3, RUNS),
    );
  } finally {
    await traceBrowser.close();
  }
  if (process.argv.includes('--details')) {
    for (const [url, lines] of blamed) console.log(`\n${url}\n  ${lines.join('\n  ')}`);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rows }, null, 2));
} catch (error) {
  console.error(`Benchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
