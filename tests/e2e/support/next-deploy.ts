import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** A hashed asset's name, `name-HASH8.ext`, as Vite writes it. */
const HASHED = /^(.+-)([\w-]{8})(\.\w+)$/;
/** The page revision of the worker's precache (scripts/service-worker.mjs): one per build. */
const PAGE_REVISION = /\{revision:"([0-9a-f]{16})",url:"\/ngoai-tuyen\?ban-luu"\}/;

/**
 * The next deploy, for a test of the service worker's update: this build copied into a project
 * folder of its own under .scratch/ (its package.json, `data` linked), with every hashed asset under
 * a new name and the worker's page revision changed, every reference rewritten — the client's
 * scripts, styles and manifests, the server bundle's asset list, the worker's precache list. The
 * bytes stay those of this build: what a deploy changes for the browser is the names (a second real
 * build would take minutes of a test). Returns the folder's `build`; `remove` deletes the folder.
 */
export function makeNextDeploy(): { build: string; remove: () => void } {
  const project = path.join(root, '.scratch', `next-deploy-${process.pid}-${Date.now()}`);
  const build = path.join(project, 'build');
  fs.mkdirSync(project, { recursive: true });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(project, 'package.json'));
  fs.symlinkSync(path.join(root, 'data'), path.join(project, 'data'));
  // Without the precompressed copies: the server compresses what has none.
  fs.cpSync(path.join(root, 'build'), build, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });

  const assets = path.join(build, 'client', 'assets');
  const renamed = new Map<string, string>();
  for (const name of fs.readdirSync(assets)) {
    const [, stem, hash, ext] = HASHED.exec(name) ?? [];
    if (!stem) continue;
    renamed.set(name, `${stem}${createHash('sha256').update(`next:${hash}`).digest('base64url').slice(0, 8)}${ext}`);
  }
  const names = new RegExp(
    `(?<![\\w.-])(${[...renamed.keys()].map((n) => n.replace(/[.-]/g, '\\$&')).join('|')})`,
    'g',
  );
  const textFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return textFiles(file);
      return /\.(js|css|json|webmanifest|html)$/.test(entry.name) ? [file] : [];
    });
  for (const file of textFiles(build)) {
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(names, (name) => renamed.get(name)!);
    if (next !== text) fs.writeFileSync(file, next);
  }
  for (const [name, next] of renamed) fs.renameSync(path.join(assets, name), path.join(assets, next));
  const worker = path.join(build, 'client', 'sw.js');
  const text = fs.readFileSync(worker, 'utf8');
  const revision = PAGE_REVISION.exec(text)?.[1];
  if (!revision) throw new Error('sw.js: no page revision');
  fs.writeFileSync(worker, text.replaceAll(revision, createHash('sha256').update(revision).digest('hex').slice(0, 16)));
  return { build, remove: () => fs.rmSync(project, { recursive: true, force: true }) };
}
