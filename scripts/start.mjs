// `npm start`: loads .env when present, builds when the build is missing or stale, then runs the
// server (build/server/main.js) in this process — or, with WORKERS=n (n > 1), in n worker processes
// of node:cluster sharing the port (docs/deploy.md, "Many processes"). Everything they must share
// lives in the database (docs/decisions/0029).
import { execFileSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const entry = path.join(root, 'build', 'server', 'main.js');

if (cluster.isPrimary) {
  if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  process.env.NODE_ENV ??= 'production';
  const stampFile = path.join(root, 'build', '.source-hash');
  const current = sourceHash(root);
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : null;
  if (!fs.existsSync(entry) || built !== current) {
    console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  }
}

const workers = Number(process.env.WORKERS ?? '1');
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  console.error(`WORKERS = ${JSON.stringify(process.env.WORKERS)}: phải là một số nguyên từ 1 đến 64`);
  process.exit(1);
}

// node:cluster shares one listening socket per address and port: with port 0, a worker started
// again after a crash would listen on a new random port of its own. Several workers need a fixed one.
if (workers > 1 && process.env.PORT === '0') {
  console.error('WORKERS > 1 cần một cổng cố định: PORT không được là 0.');
  process.exit(1);
}

if (workers === 1 || cluster.isWorker) {
  // The server announces where it listens (server/main.ts); beside its JSON log lines, one plain
  // line for the person who typed `npm start` (a worker tells the primary instead).
  process.once('phap-bao:listening', (url) => {
    if (cluster.isWorker) process.send?.({ phapBao: 'listening', url });
    else console.log(`Pháp Bảo đang chạy tại ${url}`);
  });
  await import(pathToFileURL(entry).href);
} else {
  runPrimary(workers);
}

/**
 * The primary serves nothing: it starts one worker first (it migrates the database and imports the
 * demo content once, with nobody racing it), then the others; it starts a worker again when one
 * dies, and on SIGTERM passes the signal on and waits for every worker's graceful shutdown.
 */
function runPrimary(count) {
  let stopping = false;
  let announced = false;
  const stoppingWorkers = new Set();

  function fork() {
    const worker = cluster.fork();
    worker.on('message', (message) => {
      if (message?.phapBao === 'stopping') stoppingWorkers.add(worker.id);
      if (message?.phapBao === 'listening' && !announced) {
        announced = true;
        console.log(`Pháp Bảo đang chạy tại ${message.url} (${count} tiến trình)`);
      }
    });
    return worker;
  }

  cluster.on('exit', (worker, code, signal) => {
    stoppingWorkers.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Tiến trình ${worker.process.pid} dừng (${signal ?? code}): khởi động lại.`);
    setTimeout(fork, 1000).unref();
  });

  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < count; i++) fork();
  });
  first.once('exit', (code) => {
    // The first one could not start (bad settings, no database): the others would fail alike.
    if (!announced && !stopping) {
      console.error('Pháp Bảo không khởi động được.');
      process.exit(code || 1);
    }
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  // Ctrl-C in a terminal reaches the workers as well: pass SIGTERM only to those that did not start stopping.
  process.on('SIGINT', () => {
    stopping = true;
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (worker && !stoppingWorkers.has(worker.id)) worker.process.kill('SIGTERM');
      }
    }, 300).unref();
  });
}
