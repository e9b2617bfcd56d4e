// `npm run bench`: HTTP throughput and latency of the production server (build/server/main.js) on
// a few representative targets, measured with autocannon. Builds first when the build is missing
// or stale (like `npm start`), runs the server on a fresh temporary DATA_DIR (SQLite, demo content),
// prints a table and asserts nothing. See bench/README.md.
//
//   npm run bench -- [--duration 10] [--connections 16] [--only home]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildIfStale, startProductionServer } from './lib/production-server.mjs';
import { printTable as printRows } from './lib/table.mjs';

const WARMUP_SECONDS = 2;
const MEDIA_BYTES = 5 * 1024 * 1024;
const MEDIA_RANGE = 'bytes=1000000-1065535'; // 64 KiB

/** What is measured, in order. `expect` lists the statuses that are the right answer. */
const TARGETS = [
  { name: 'home', label: 'GET /', path: '/', expect: [200] },
  { name: 'news', label: 'GET /tin-tuc', path: '/tin-tuc', expect: [200] },
  // A book and its first chapter (the newest book of the demo library), anonymous: from the page cache.
  { name: 'book', label: 'GET /sach/…', path: (ctx) => `/sach/${ctx.book.code}`, expect: [200] },
  {
    name: 'chapter',
    label: 'GET /{chapter}/{book}',
    path: (ctx) => `/${ctx.book.firstChapterCode}/${ctx.book.code}`,
    expect: [200],
  },
  // The same book page for a logged-in reader: always rendered (private, no-store).
  {
    name: 'book-reader',
    label: 'GET /sach/… logged in',
    path: (ctx) => `/sach/${ctx.book.code}`,
    headers: (ctx) => ({ cookie: `pb_token=${encodeURIComponent(ctx.token)}` }),
    expect: [200],
  },
  { name: '404', label: 'GET /404', path: '/404', expect: [404] },
  // A small public file served as it is: the floor cost of the HTTP stack, to compare pages with.
  { name: 'static', label: 'GET /favicon.svg', path: '/favicon.svg', expect: [200] },
  {
    name: 'keywords',
    label: 'GET /api/v1/public/search/keywords',
    path: '/api/v1/public/search/keywords',
    expect: [200],
  },
  {
    name: 'home-data',
    label: 'POST /api/v1/public/home_page_data',
    path: '/api/v1/public/home_page_data',
    method: 'POST',
    expect: [200],
  },
  {
    name: 'search',
    label: 'POST /api/v1/public/search "phat giao"',
    path: '/api/v1/public/search',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'phat giao', mode: 'strict', type: 'all', page: 1, perPage: 10 }),
    expect: [200],
  },
  // Suggestions while typing (target ≤ 50 ms): an index in memory, one generation read per call.
  {
    name: 'suggest',
    label: 'GET /api/v1/public/search/suggestions "kinh"',
    path: '/api/v1/public/search/suggestions?query=kinh',
    expect: [200],
  },
  {
    name: 'media',
    label: 'GET /media/… Range 64 KB',
    path: '/media/bench/sample.mp3',
    headers: { range: MEDIA_RANGE },
    expect: [206],
  },
];

function usage(message) {
  if (message) console.error(message);
  console.error(
    'Usage: npm run bench -- [--duration N] [--connections N] [--only NAME]\n' +
      `  NAME: ${TARGETS.map((t) => t.name).join(', ')}`,
  );
  process.exit(2);
}

function positiveInt(value, flag) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) usage(`${flag} must be a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  usage(error.message);
}
if (args.help) usage();
const duration = positiveInt(args.duration, '--duration');
const connections = positiveInt(args.connections, '--connections');
const targets = args.only ? TARGETS.filter((t) => t.name === args.only) : TARGETS;
if (targets.length === 0) usage(`Unknown target ${JSON.stringify(args.only)}`);

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ') + ' (1 / 5 / 15 min)';

// --- Machine -------------------------------------------------------------------------------------
const cpus = os.cpus();
console.log(
  `Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length} (os.cpus()), ` +
    `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`,
);
console.log(
  `Settings: ${duration} s per target after a ${WARMUP_SECONDS} s warm-up, ${connections} connections, ` +
    'autocannon and the server on the same machine',
);

console.log(`Load average at the start: ${loadAverage()}`);

// --- Build (same rule as scripts/start.mjs) ------------------------------------------------------
try {
  if (!buildIfStale()) console.log('Build is current.');
} catch {
  console.error('\nThe build failed (see above): nothing was measured. Fix the build, then run the benchmark again.');
  process.exit(1);
}

// --- Server and cleanup --------------------------------------------------------------------------
let server = null;
let running = null; // the autocannon instance in progress
let interrupted = false;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and removing ${server?.dataDir ?? 'the temporary folder'}…`);
    running?.stop();
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

/** What the book targets need: the newest book of the library and a reader's session. */
async function benchContext(baseUrl) {
  const home = await (await fetch(`${baseUrl}/api/v1/public/home_page_data`, { method: 'POST' })).json();
  const book = home.data.newestBooks[0];
  const id = crypto.randomBytes(4).toString('hex');
  const reader = { username: `bench_${id}`, email: `bench.${id}@example.org`, password: `mat-khau-${id}` };
  const res = await fetch(`${baseUrl}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  return { book, token: (await res.json()).data.token };
}

/** One plain request, to show the status and size of what the benchmark will hammer. */
async function probe(baseUrl, target) {
  const res = await fetch(baseUrl + target.path, {
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
  });
  const body = await res.arrayBuffer();
  return { status: res.status, bytes: body.byteLength };
}

function run(options) {
  return new Promise((resolve, reject) => {
    running = autocannon(options, (error, result) => {
      running = null;
      if (interrupted) return; // the signal handler finishes and exits
      if (error) reject(error);
      else resolve(result);
    });
  });
}

// --- Table ---------------------------------------------------------------------------------------
const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';

function printTable(rows) {
  const headers = [
    'target',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'MB/s',
    'body',
    'requests',
    'non-2xx',
    'err/timeout',
    'status codes',
  ];
  printRows(headers, rows, { left: [0, 10] });
  console.log(
    '\nreq/s: mean per second; latency: autocannon histogram (1 ms resolution); MB/s: mean response bytes ' +
      '(headers included) per second, 1 MB = 10^6 bytes; body: size of one response body; ' +
      'err/timeout: socket errors (timeouts included) / timeouts; ' +
      'status codes: every status seen, "ok" when it is the expected one.',
  );
}

function formatBytes(bytes) {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`;
}

// --- Main ----------------------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  server = await startProductionServer({
    tmpPrefix: 'phap-bao-bench-',
    prepare(dataDir) {
      fs.mkdirSync(path.join(dataDir, 'media', 'bench'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'media', 'bench', 'sample.mp3'), crypto.randomBytes(MEDIA_BYTES));
    },
  });
  const { baseUrl, dataDir } = server;
  await server.ready();
  console.log(`Server ready on ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir})`);

  const ctx = await benchContext(baseUrl);
  const rows = [];
  for (const spec of targets) {
    const resolve = (v) => (typeof v === 'function' ? v(ctx) : v);
    const target = { ...spec, path: resolve(spec.path), headers: resolve(spec.headers) };
    const first = await probe(baseUrl, target);
    const options = {
      url: baseUrl + target.path,
      method: target.method ?? 'GET',
      headers: target.headers,
      body: target.body,
      connections,
    };
    process.stdout.write(`${target.label}: warm-up ${WARMUP_SECONDS} s… `);
    await run({ ...options, duration: WARMUP_SECONDS });
    process.stdout.write(`measuring ${duration} s… `);
    const r = await run({ ...options, duration });
    console.log(`${fmt(r.requests.mean)} req/s`);

    const codes = Object.entries(r.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}${target.expect.includes(Number(code)) ? ' ok' : ''}`)
      .join(', ');
    rows.push([
      target.label,
      fmt(r.requests.mean),
      fmt(r.latency.p50),
      fmt(r.latency.p90),
      fmt(r.latency.p99),
      fmt(r.throughput.mean / 1e6, 1),
      `${formatBytes(first.bytes)}`,
      fmt(r.requests.total),
      fmt(r.non2xx),
      `${r.errors}/${r.timeouts}`,
      codes || '–',
    ]);
  }
  printTable(rows);
  console.log(`Load average at the end: ${loadAverage()} (anything else running on the machine skews the figures).`);
}

try {
  await main();
} catch (error) {
  console.error(`Benchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
}
