// `npm start`: loads .env when present, builds when the build is missing or stale, then runs the
// server (build/server/main.js) in this process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
process.env.NODE_ENV ??= 'production';

const stampFile = path.join(root, 'build', '.source-hash');
const entry = path.join(root, 'build', 'server', 'main.js');
const current = sourceHash(root);
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : null;
if (!fs.existsSync(entry) || built !== current) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
}
// The server announces where it listens (server/main.ts); beside its JSON log lines, one plain line
// for the person who typed `npm start`.
process.once('phap-bao:listening', (url) => console.log(`Pháp Bảo đang chạy tại ${url}`));
await import(pathToFileURL(entry).href);
