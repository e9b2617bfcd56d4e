// The production server as the benchmarks start it: build/server/main.js, rebuilt when its sources
// changed (the rule of scripts/start.mjs), on a free local port with a fresh temporary DATA_DIR
// (SQLite, demo content), stopped with SIGTERM (SIGKILL after 5 s) and its folder removed.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from '../../scripts/source-hash.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'build', 'server', 'main.js');

/** Builds when there is no build or the sources changed since it; says whether it built. */
export function buildIfStale() {
  const stampFile = path.join(root, 'build', '.source-hash');
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : null;
  if (fs.existsSync(entry) && built === sourceHash(root)) return false;
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  return true;
}

/** A port nothing listens on now (the benchmarks that start several processes ask for their own). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server. `prepare(dataDir)` runs before it starts (files a benchmark serves).
 * `ready()` waits until GET / answers 200; `stop()` may be called more than once.
 */
export async function startProductionServer({ tmpPrefix, prepare } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix ?? 'phap-bao-bench-'));
  const mediaDir = path.join(dataDir, 'media');
  prepare?.(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      MEDIA_DIR: mediaDir, // the default (DATA_DIR/media), set so an inherited MEDIA_DIR cannot interfere
      DATABASE_URL: '',
      IMPORT_DEMO_CONTENT: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // Last resort when the benchmark exits some other way: no waiting is possible here.
  process.on('exit', () => {
    if (running()) child.kill('SIGKILL');
    removeDataDir();
  });
  let stopping = null;

  return {
    baseUrl,
    dataDir,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let last = 'no answer';
      while (Date.now() < deadline) {
        if (!running()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
        try {
          const res = await fetch(`${baseUrl}/`);
          await res.arrayBuffer();
          if (res.status === 200) return;
          last = `status ${res.status}`;
        } catch (error) {
          last = error.cause?.code ?? error.message;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`GET / did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
    },
    stop() {
      stopping ??= (async () => {
        if (running()) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
        }
        removeDataDir();
      })();
      return stopping;
    },
  };
}
