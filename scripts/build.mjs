// Production build: React Router (client assets + server-rendering bundle), then the server entry
// bundled with esbuild (Node 20 cannot run .ts), then brotli and gzip copies of the client's text
// assets (scripts/precompress.mjs), and the service worker (scripts/service-worker.mjs). Writes build/.source-hash for `npm start`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { precompressDir } from './precompress.mjs';
import { buildServiceWorker } from './service-worker.mjs';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const started = Date.now();
// Vite takes NODE_ENV from the environment: under vitest (NODE_ENV=test, tests/e2e/global-setup.ts
// rebuilding a stale build) React and React Router would ship their development builds (≈ 2× the bytes).
// Warnings and errors only: the list of every asset is in build/.vite/manifest.json when needed.
execFileSync(bin('react-router'), ['build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(root, 'build', 'server', 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
const worker = await buildServiceWorker(root);
const packed = await precompressDir(path.join(root, 'build', 'client', 'assets'));
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
fs.writeFileSync(path.join(root, 'build', '.source-hash'), sourceHash(root));
// One line for the whole build.
console.log(
  `Built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${packed.files} client assets, ` +
    `${kib(packed.bytes)} (brotli ${kib(packed.br)}, gzip ${kib(packed.gz)}); ` +
    `service worker precaching ${worker.entries} files, ${kib(worker.bytes)}`,
);
