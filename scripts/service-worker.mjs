// Builds build/client/sw.js (decision 0025): the service worker of app/service-worker/, bundled with
// esbuild, its precache list made by Serwist's getManifest. The list is this build's app shell — what
// the entry, the root, the default layout and the reading, offline and downloads pages load (read from
// React Router's manifest) and what those import lazily, the fonts, the icons and the web manifest — and the offline and downloads
// pages themselves, revised by the build, so a new deploy precaches them again with the new assets.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getManifest } from '@serwist/build';
import { build } from 'esbuild';

const SHELL_ROUTES = [
  'root',
  'routes/layouts/default-layout',
  'routes/books/book',
  'routes/books/chapter',
  'routes/offline/offline-page',
  'routes/offline/downloads',
];
// Also in app/lib/offline-cache.ts (OFFLINE_PAGE_PATH, DOWNLOADS_PAGE_PATH, PRECACHED_PAGE_QUERY).
const PRECACHED_PAGES = ['/ngoai-tuyen?ban-luu', '/tai-ve?ban-luu'];

function readRouterManifest(assetsDir) {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error('React Router manifest (build/client/assets/manifest-*.js) not found');
  const text = fs.readFileSync(path.join(assetsDir, file), 'utf8');
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  return { manifest: JSON.parse(json), text };
}

export async function buildServiceWorker(root) {
  const clientDir = path.join(root, 'build', 'client');
  const { manifest, text } = readRouterManifest(path.join(clientDir, 'assets'));
  const shell = new Set([manifest.entry.module, ...manifest.entry.imports, ...manifest.entry.css]);
  for (const id of SHELL_ROUTES) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is missing from React Router's manifest`);
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) shell.add(file);
  }
  // With what the shell's scripts import lazily (a popup, the download button), and so on: Vite names
  // those chunks in the importing file ("./name-hash.js", "assets/name-hash.css").
  const pending = [...shell];
  while (pending.length > 0) {
    const url = pending.pop();
    if (!url.endsWith('.js')) continue;
    const text = fs.readFileSync(path.join(clientDir, url), 'utf8');
    for (const [, name] of text.matchAll(/["'](?:\.\/|assets\/|\/assets\/)([\w.-]+\.(?:js|css))["']/g)) {
      const found = `/assets/${name}`;
      if (!shell.has(found) && fs.existsSync(path.join(clientDir, found))) {
        shell.add(found);
        pending.push(found);
      }
    }
  }
  const buildId = crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
  const { manifestEntries, warnings, count, size } = await getManifest({
    globDirectory: clientDir,
    globPatterns: [
      ...[...shell].map((url) => url.replace(/^\//, '')),
      'assets/*.woff2',
      'favicon.svg',
      'icons/*.png',
      'site.webmanifest',
    ],
    // Hashed names need no revision: the name changes with the content. Matched after the prefix
    // below is added; without a revision the install may take them from the HTTP cache (immutable),
    // where the page that registered the worker has just put its own.
    dontCacheBustURLsMatching: /^\/assets\//,
    modifyURLPrefix: { '': '/' },
    additionalPrecacheEntries: PRECACHED_PAGES.map((url) => ({ url, revision: buildId })),
  });
  if (warnings.length > 0) throw new Error(`Service worker precache: ${warnings.join('; ')}`);
  await build({
    entryPoints: [path.join(root, 'app', 'service-worker', 'service-worker.ts')],
    outfile: path.join(clientDir, 'sw.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
    define: { 'self.__SW_MANIFEST': JSON.stringify(manifestEntries), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return { entries: count, bytes: size, buildId };
}
