import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { discoverKeyPages, type KeyPage, sessionTokens, type Visitor } from './support/key-pages.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
// The W3C Nu HTML checker, shipped as a jar by the vnu-jar package; Java is Debian's
// (scripts/ensure-system-tools.mjs installs it when missing).
const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);
const java = fs.existsSync('/usr/bin/java') ? '/usr/bin/java' : 'java';
const run = promisify(execFile);

interface NuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Checks every file at once (the JVM is slow to start) and returns the errors by file name. */
async function checkHtml(files: string[]): Promise<Record<string, NuMessage[]>> {
  const args = ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files];
  // The checker exits with 1 when it found errors; its JSON report goes to stderr.
  const output = await run(java, args, { maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => r.stderr,
    (e: { stderr?: string }) => e.stderr ?? '',
  );
  const { messages } = JSON.parse(output) as { messages: NuMessage[] };
  const byFile: Record<string, NuMessage[]> = Object.fromEntries(files.map((f) => [path.basename(f), []]));
  for (const m of messages) {
    if (m.type !== 'error' && m.type !== 'non-document-error') continue;
    const name = m.url ? path.basename(decodeURIComponent(new URL(m.url).pathname)) : '?';
    (byFile[name] ??= []).push(m);
  }
  return byFile;
}

describe('HTML validity (W3C Nu checker)', () => {
  let browser: Browser;
  let pages: KeyPage[];
  let tokens: Record<Exclude<Visitor, 'anonymous'>, string>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-vnu-'));
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await discoverKeyPages(baseURL);
    tokens = await sessionTokens(baseURL, dataDir);
  });
  afterAll(async () => {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds no error in the server-rendered key pages, nor in the home page once hydrated', async () => {
    const files: string[] = [];
    for (const key of pages) {
      const headers = key.as === 'anonymous' ? undefined : { cookie: `pb_token=${tokens[key.as]}` };
      const res = await fetch(`${baseURL}${key.path}`, { headers });
      expect(res.status, key.path).toBe(key.name === 'not-found' ? 404 : 200);
      const file = path.join(dir, `${key.name}.html`);
      fs.writeFileSync(file, await res.text());
      files.push(file);
    }
    // After hydration React may add or change markup; the home page shows whether it does.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    const hydrated = path.join(dir, 'home-hydrated.html');
    fs.writeFileSync(
      hydrated,
      `<!DOCTYPE html>${await page.content()}`.replace(/^<!DOCTYPE html><!DOCTYPE html>/, '<!DOCTYPE html>'),
    );
    files.push(hydrated);
    await page.close();

    const errors = await checkHtml(files);
    const counts = Object.entries(errors).map(([file, list]) => `${file}: ${list.length}`);
    console.warn(`Nu checker errors per page:\n${counts.join('\n')}`);
    // The same message on every page (a shared part) is listed once per page with its count.
    const report = Object.entries(errors)
      .filter(([, list]) => list.length > 0)
      .map(([file, list]) => {
        const seen = new Map<string, number>();
        for (const m of list) {
          const line = `${m.message.slice(0, 160)}${m.extract ? ` — ${m.extract.trim().slice(0, 80)}` : ''}`;
          seen.set(line, (seen.get(line) ?? 0) + 1);
        }
        return `${file}:\n${[...seen].map(([line, n]) => `  ${n}× ${line}`).join('\n')}`;
      })
      .join('\n');
    expect(report).toBe('');
  }, 180_000);
});
