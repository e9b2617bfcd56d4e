import { Readable } from 'node:stream';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from './scripts-after-paint.server.ts';

const HEAD =
  '<html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/chunk-B.js" nonce="N0nce=="/>' +
  '<link nonce="" rel="stylesheet" href="/assets/root-C.css"/></head>';
// React escapes `</script>` inside a script; a `<` of the module source must not open a tag in the stand-in.
const MODULE = 'import * as route0 from "/assets/root-D.js";\nwindow.x = "a<b" + "<\\/script>";';
const BODY =
  '<body><p>Phật giáo</p><script nonce="N0nce==">window.__ctx = 1;</script>' +
  `<script nonce="N0nce==" type="module" async="">${MODULE}</script>` +
  '<script nonce="N0nce==">window.__ctx.enqueue("data");</script></body></html>';

/** Streams `html` through the rewrite in chunks of `size` characters and collects the output. */
async function rewrite(html: string, size: number): Promise<string> {
  const chunks: string[] = [];
  for (let i = 0; i < html.length; i += size) chunks.push(html.slice(i, i + size));
  let out = '';
  for await (const piece of Readable.from(chunks).pipe(scriptsAfterPaint())) out += String(piece);
  return out;
}

/** Runs the stand-in script as a browser would, with a fake document that records what it adds. */
function runStandIn(html: string, paintTiming: boolean) {
  const script = /<script nonce="([^"]*)">(\(function\(n,s,l\).*?)<\/script>/.exec(html);
  if (!script) throw new Error('no stand-in script');
  const added: Array<Record<string, string>> = [];
  const element = (tag: string) => {
    const el: Record<string, string> = { tag };
    return el;
  };
  const callbacks: Array<() => void> = [];
  const sandbox = {
    document: {
      currentScript: { nonce: script[1] },
      createElement: element,
      head: { appendChild: (el: Record<string, string>) => added.push(el) },
      body: { appendChild: (el: Record<string, string>) => added.push(el) },
    },
    window: {} as Record<string, unknown>,
    setTimeout: (fn: () => void) => callbacks.push(fn),
    requestAnimationFrame: (fn: () => void) => callbacks.push(fn),
  };
  let observer: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void) | null =
    null;
  if (paintTiming) {
    sandbox.window.PerformanceObserver = Object.assign(
      function PerformanceObserver(this: { observe: () => void }, cb: typeof observer) {
        observer = cb;
        this.observe = () => undefined;
      },
      { supportedEntryTypes: ['paint', 'navigation'] },
    );
  }
  vm.runInNewContext(script[2]!, sandbox);
  return {
    added,
    paint: () =>
      observer?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }, { disconnect: () => {} }),
    runTasks: () => {
      while (callbacks.length > 0) callbacks.shift()!();
    },
  };
}

describe('scriptsAfterPaint', () => {
  for (const size of [1, 7, 64, 100_000]) {
    it(`takes the module preloads out of <head> and the module script out of the page (chunks of ${size})`, async () => {
      const out = await rewrite(HEAD + BODY, size);
      expect(out).not.toContain('modulepreload" href');
      expect(out).not.toMatch(/<script[^>]*type="module"/);
      // Everything else is untouched, in order.
      expect(out).toContain('<link nonce="" rel="stylesheet" href="/assets/root-C.css"/></head>');
      expect(out.indexOf('window.__ctx = 1')).toBeLessThan(out.indexOf('(function(n,s,l)'));
      expect(out.indexOf('(function(n,s,l)')).toBeLessThan(out.indexOf('enqueue("data")'));
      expect(out).toContain('<p>Phật giáo</p>');
      // The module source cannot open or close a tag inside the stand-in script.
      expect(out.match(/<\/script>/g)).toHaveLength(3);
      expect(out).toContain('a\\u003cb');
    });
  }

  it('adds the same preloads and module script, with the page nonce, once the first text is painted', async () => {
    const out = await rewrite(HEAD + BODY, 13);
    const browser = runStandIn(out, true);
    browser.runTasks();
    expect(browser.added).toEqual([]);
    browser.paint();
    browser.runTasks();
    expect(browser.added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/chunk-B.js' },
      { tag: 'script', type: 'module', nonce: 'N0nce==', textContent: MODULE },
    ]);
  });

  it('falls back to the first frame where paint timing is not reported', async () => {
    const browser = runStandIn(await rewrite(HEAD + BODY, 50), false);
    browser.runTasks();
    expect(browser.added.map((el) => el.tag)).toEqual(['link', 'link', 'script']);
  });

  it('leaves a page without scripts as it is', async () => {
    const html = '<html><head><title>Ngoại tuyến</title></head><body><p>Không có mạng</p></body></html>';
    expect(await rewrite(html, 5)).toBe(html);
  });
});
