// `npm run bench:cluster`: 1, 2 and 4 server processes (build/server/main.js) on one PostgreSQL
// database behind real nginx (the upstream block of docs/deploy.md), under a mixed load of
// anonymous readers (pages from the page cache, searches) and logged-in readers (pages rendered for
// them, their own data, note writes): req/s, p99 and errors per process count. Then the login limit
// across processes (the 31st attempt from one address), and one process killed (SIGKILL) while
// readers write through nginx: every write that was acknowledged (201) must be in the database.
// Prints figures and the machine's load average; asserts nothing (see bench/README.md).
//
//   npm run bench:cluster -- [--duration 10] [--connections 32] [--counts 1,2,4]
//
// PostgreSQL: TEST_DATABASE_URL / DATABASE_URL, else 127.0.0.1:5432, else a temporary cluster
// (scripts/temporary-postgres.mjs). A fresh database is made for the run and dropped after it.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { answers, startTemporaryPostgres } from '../scripts/temporary-postgres.mjs';
import { buildIfStale, freePort } from './lib/production-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
const args = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    counts: { type: 'string', default: '1,2,4' },
  },
}).values;
const duration = Number(args.duration);
const connections = Number(args.connections);
const counts = args.counts.split(',').map(Number);
if (!Number.isInteger(duration) || duration < 1 || !Number.isInteger(connections) || connections < 2) {
  console.error('Usage: npm run bench:cluster -- [--duration N ≥ 1] [--connections N ≥ 2] [--counts 1,2,4]');
  process.exit(2);
}
const most = Math.max(...counts);

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ') + ' (1 / 5 / 15 min)';
const cpus = os.cpus();
console.log(
  `Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}`,
);
console.log(
  'The machine may be shared with other work: the load average is printed before and after each run; ' +
    'compare figures only within one run.',
);
console.log(`Load average at the start: ${loadAverage()}`);

// --- Build (the rule of scripts/start.mjs) -------------------------------------------------------
const entry = path.join(root, 'build', 'server', 'main.js');
buildIfStale();

// --- Everything started here is stopped at the end, whatever happens ---------------------------
const children = new Set();
const cleanups = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    [...children].map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null,
    ),
  );
  for (const step of cleanups.reverse()) await step().catch((e) => console.error(`cleanup: ${e.message}`));
}
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

async function waitFor(what, check, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}

try {
  // --- PostgreSQL and a fresh database -----------------------------------------------------------
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    if (await answers('127.0.0.1', 5432)) adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
    else {
      console.log('No PostgreSQL at 127.0.0.1:5432: starting a temporary one.');
      const temporary = await startTemporaryPostgres({ port: await freePort() });
      cleanups.push(async () => temporary.stop());
      adminUrl = temporary.url;
    }
  }
  const name = `phap_bao_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-bench-cluster-'));
  fs.chmodSync(dataDir, 0o755);
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  // --- The processes: the first alone (it migrates and imports the demo library), then the rest --
  const processes = [];
  async function startProcess(index) {
    const port = await freePort();
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'data'),
        DATABASE_URL: databaseUrl,
        IMPORT_DEMO_CONTENT: index === 0 ? 'true' : 'false',
        LOG_LEVEL: 'error',
        TRUST_PROXY: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    await waitFor(`process ${index + 1}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, child);
    return { child, port };
  }
  console.log(`Starting ${most} processes on one PostgreSQL database (the first imports the demo library)…`);
  for (let i = 0; i < most; i++) processes.push(await startProcess(i));

  // --- nginx, with the upstream block of docs/deploy.md --------------------------------------------
  const nginxDir = path.join(dataDir, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'temp'), { recursive: true });
  const doc = fs.readFileSync(path.join(root, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n(upstream phapbao \{[\s\S]*?)```/.exec(doc)[1];
  let nginx = null;
  let origin = '';
  async function startNginx(ports) {
    if (nginx) {
      const old = nginx;
      old.kill('SIGQUIT');
      await new Promise((r) => old.once('exit', r));
      children.delete(old);
    }
    const nginxPort = await freePort();
    origin = `http://127.0.0.1:${nginxPort}`;
    const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
    const site = block
      .replace(/( {4}server 127\.0\.0\.1:\d+ [^;]*;\n)+/, `${servers}\n`)
      .replace(/listen 443 ssl;/, `listen 127.0.0.1:${nginxPort} backlog=4096;`)
      .replace(/ +ssl_certificate(_key)? [^;]+;\n/g, '');
    const conf = [
      'pid nginx.pid;',
      'error_log error.log error;',
      'worker_processes 1;',
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path temp/${t};`),
      site,
      '}',
    ].join('\n');
    fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), conf);
    nginx = spawn(NGINX, ['-p', `${nginxDir}/`, '-c', 'nginx.conf', '-e', 'error.log', '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(nginx);
    await waitFor('nginx', async () => (await fetch(`${origin}/readyz`)).ok, nginx);
  }

  // --- Readers: one account per logged-in connection ---------------------------------------------
  const first = `http://127.0.0.1:${processes[0].port}`;
  const home = await (await fetch(`${first}/api/v1/public/home_page_data`, { method: 'POST' })).json();
  const book = home.data.newestBooks[0];
  const readers = [];
  const loggedIn = Math.floor(connections / 2);
  for (let i = 0; i < loggedIn + 8; i++) {
    const id = crypto.randomBytes(4).toString('hex');
    const reader = { username: `bench_${id}`, email: `bench.${id}@example.org`, password: `mat-khau-${id}` };
    // Several local addresses: the sign-up limit (30 per address) is not what is measured.
    const res = await fetch(`${first}/api/v1/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    readers.push((await res.json()).data.token);
  }

  const json = { 'content-type': 'application/json' };
  const anonymousRequests = [
    { method: 'GET', path: '/' },
    { method: 'GET', path: `/sach/${book.code}` },
    { method: 'GET', path: `/${book.firstChapterCode}/${book.code}` },
    { method: 'POST', path: '/api/v1/public/search', headers: json, body: JSON.stringify({ query: 'phat giao' }) },
  ];
  let noteNumber = 0;
  let turn = 0;
  // Each request as one of the readers in turn (autocannon shares request objects between its
  // connections: headers are set here, per request, not per connection).
  const asReader = (req) => {
    const token = readers[turn++ % loggedIn];
    return { ...req, headers: { ...json, cookie: `pb_token=${token}`, 'x-token': token } };
  };
  const loggedInRequests = [
    { method: 'GET', path: `/sach/${book.code}`, setupRequest: asReader },
    { method: 'GET', path: '/api/v1/me', setupRequest: asReader },
    { method: 'GET', path: `/${book.firstChapterCode}/${book.code}`, setupRequest: asReader },
    { method: 'GET', path: '/api/v1/note_groups', setupRequest: asReader },
    {
      method: 'POST',
      path: '/api/v1/notes',
      setupRequest: (req) =>
        asReader({
          ...req,
          body: JSON.stringify({ color: 'aqua', content: `Ghi chú ${++noteNumber}`, sourceTitle: 'Đo tải' }),
        }),
    },
  ];

  const run = (options) =>
    new Promise((resolve, reject) => autocannon(options, (e, r) => (e ? reject(e) : resolve(r))));
  const statusErrors = (r) => r.errors + r.timeouts + r.non2xx;
  /** Answers other than 2xx, by status, of both loads together. */
  const nonSuccess = (...results) => {
    const byStatus = {};
    for (const r of results) {
      for (const [status, { count }] of Object.entries(r.statusCodeStats ?? {})) {
        if (!status.startsWith('2')) byStatus[status] = (byStatus[status] ?? 0) + count;
      }
    }
    return byStatus;
  };

  const rows = [];
  for (const count of counts) {
    await startNginx(processes.slice(0, count).map((p) => p.port));
    const loadBefore = loadAverage();
    // A short warm-up fills each process's page cache.
    await run({ url: origin, connections: 4, duration: 2, requests: anonymousRequests });
    const [anonymous, readersResult] = await Promise.all([
      run({ url: origin, connections: connections - loggedIn, duration, requests: anonymousRequests }),
      run({
        url: origin,
        connections: loggedIn,
        duration,
        requests: loggedInRequests,
      }),
    ]);
    rows.push({
      processes: count,
      'req/s': Math.round(anonymous.requests.average + readersResult.requests.average),
      'anonymous req/s': Math.round(anonymous.requests.average),
      'anonymous p99 ms': anonymous.latency.p99,
      'logged-in req/s': Math.round(readersResult.requests.average),
      'logged-in p99 ms': readersResult.latency.p99,
      errors: statusErrors(anonymous) + statusErrors(readersResult),
      'non-2xx by status': JSON.stringify(nonSuccess(anonymous, readersResult)),
      'load before': loadBefore,
      'load after': loadAverage(),
    });
    console.log(`${count} process(es): done`);
  }
  console.log(
    `\nMixed load through nginx, ${duration} s per count, ${connections - loggedIn} anonymous + ${loggedIn} logged-in connections (1 write in 5 of theirs):`,
  );
  console.table(rows);

  // --- The login limit across processes ------------------------------------------------------------
  await startNginx(processes.map((p) => p.port));
  const statuses = [];
  for (let i = 0; i < 31; i++) {
    const res = await new Promise((resolve, reject) => {
      const req = http.request(
        `${origin}/api/v1/public/user/login`,
        { method: 'POST', headers: json, localAddress: '127.0.0.77', agent: false },
        (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ username: `khach-${i}`, password: 'sai-mat-khau' }));
    });
    statuses.push(res.status);
  }
  const tally = statuses.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});
  console.log(
    `\nLogin limit across ${processes.length} processes: 31 attempts from 127.0.0.77 → ${JSON.stringify(tally)}; the 31st answered ${statuses[30]}.`,
  );

  // --- One process killed while readers write ----------------------------------------------------
  const writers = readers.slice(loggedIn);
  const acknowledged = [];
  let failedWrites = 0;
  let afterKill = 0;
  let killed = false;
  const stopAt = Date.now() + 8000;
  const victim = processes[processes.length - 1];
  setTimeout(() => {
    victim.child.kill('SIGKILL');
    killed = true;
  }, 3000);
  await Promise.all(
    writers.map(async (token, w) => {
      let n = 0;
      while (Date.now() < stopAt) {
        const content = `Ghi chú bền ${w}-${++n}`;
        try {
          const res = await fetch(`${origin}/api/v1/notes`, {
            method: 'POST',
            headers: { ...json, 'x-token': token },
            body: JSON.stringify({ color: 'yellow', content, sourceTitle: 'Đo tải' }),
          });
          const body = await res.json().catch(() => null);
          if (res.status === 201) {
            acknowledged.push({ id: body.data.id, content });
            if (killed) afterKill++;
          } else failedWrites++;
        } catch {
          failedWrites++;
        }
        // Each account stays under its 120 writes a minute.
        await new Promise((r) => setTimeout(r, 550));
      }
    }),
  );
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const { rows: stored } = await check.query('SELECT id, content FROM notes WHERE id = ANY($1::int[])', [
    acknowledged.map((a) => a.id),
  ]);
  await check.end();
  const storedById = new Map(stored.map((r) => [r.id, r.content]));
  const lost = acknowledged.filter((a) => storedById.get(a.id) !== a.content).length;
  console.log(
    `\nKilled process ${processes.length} of ${processes.length} (SIGKILL) 3 s into 8 s of writes by ${writers.length} readers through nginx:` +
      `\n  acknowledged writes ${acknowledged.length} (${afterKill} after the kill), failed ${failedWrites}, acknowledged but lost ${lost}`,
  );
  console.log(`\nLoad average at the end: ${loadAverage()}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
