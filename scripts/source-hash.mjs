// A hash of everything a build is made from, so `npm start` rebuilds only when something changed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'app',
  'server',
  'common',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/precompress.mjs',
  'scripts/service-worker.mjs',
];

function* walk(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* walk(path.join(entry, name));
  }
}

export function sourceHash(root) {
  const hash = crypto.createHash('sha256');
  for (const input of INPUTS) {
    for (const file of walk(path.join(root, input))) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}
