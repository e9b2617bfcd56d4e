// Production build: React Router (client assets + server-rendering bundle), then the server entry
// bundled with esbuild (Node 20 cannot run .ts). Writes build/.source-hash for `npm start`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const started = Date.now();
execFileSync(bin('react-router'), ['build'], { cwd: root, stdio: 'inherit' });
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
fs.writeFileSync(path.join(root, 'build', '.source-hash'), sourceHash(root));
console.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
