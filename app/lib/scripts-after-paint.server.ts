import { Transform, type TransformCallback } from 'node:stream';

/**
 * Starts a page's JavaScript after its first paint (decision 0034).
 *
 * React's server hoists every `<link rel="modulepreload">` that React Router's `<Scripts>` writes to
 * the top of `<head>`, and the browser fetches them all (30 modules on a chapter) before and beside
 * the stylesheets and the reading font: on a slow connection the text waits for code that only makes
 * it interactive. This stream rewrites the HTML React writes:
 *
 * - the `modulepreload` links leave `<head>` (their addresses are kept);
 * - the inline `<script type="module">` that imports the route modules becomes a small classic
 *   script that, once the browser has painted the page's first text, adds the same
 *   modulepreload links and the same module script, so the modules still load in parallel.
 *
 * The page's text, styles and fonts therefore have the connection to themselves until the first
 * paint. The module script's nonce is read from the running script (`document.currentScript`), so a
 * cached page whose nonce is re-stamped (server/page-cache) keeps working.
 */
export function scriptsAfterPaint(): Transform {
  const preloads: string[] = [];
  let pending = '';

  const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*\/?>/g;
  const MODULE_SCRIPT_START = /<script\b(?=[^>]*\btype="module")[^>]*>/;

  /** Rewrites what can be rewritten now; returns [text to send, text to hold until more arrives]. */
  function rewrite(text: string, final: boolean): [string, string] {
    let out = '';
    let rest = text;
    for (;;) {
      const start = MODULE_SCRIPT_START.exec(rest);
      if (!start) break;
      const end = rest.indexOf('</script>', start.index + start[0].length);
      if (end === -1) {
        if (final) break;
        out += dropPreloads(rest.slice(0, start.index));
        return [out, rest.slice(start.index)];
      }
      out += dropPreloads(rest.slice(0, start.index));
      const nonce = /\bnonce="([^"]*)"/.exec(start[0])?.[1] ?? '';
      out += runner(nonce, rest.slice(start.index + start[0].length, end), preloads);
      rest = rest.slice(end + '</script>'.length);
    }
    // Hold back a tag cut in two by the chunking (a `<link …` without its `>` yet).
    const lastOpen = rest.lastIndexOf('<');
    if (!final && lastOpen !== -1 && rest.indexOf('>', lastOpen) === -1) {
      return [out + dropPreloads(rest.slice(0, lastOpen)), rest.slice(lastOpen)];
    }
    return [out + dropPreloads(rest), ''];
  }

  function dropPreloads(text: string): string {
    return text.replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const [send, hold] = rewrite(pending + chunk.toString(), false);
      pending = hold;
      callback(null, send);
    },
    flush(callback: TransformCallback) {
      const [send] = rewrite(pending, true);
      pending = '';
      callback(null, send);
    },
  });
}

/** The classic script standing in for the module script (a string literal safe inside `<script>`). */
function runner(nonce: string, moduleSource: string, preloads: string[]): string {
  const literal = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  // The scripts start in the task after the browser reports the first contentful paint; where
  // paint timing is not reported, after the first frame (rAF runs in the step that paints).
  return (
    `<script nonce="${nonce}">(function(n,s,l){var d=document,started=0;` +
    'function go(){if(started)return;started=1;' +
    'l.forEach(function(h){var p=d.createElement("link");p.rel="modulepreload";p.href=h;d.head.appendChild(p)});' +
    'var m=d.createElement("script");m.type="module";m.nonce=n;m.textContent=s;d.body.appendChild(m)}' +
    'function later(){setTimeout(go,0)}' +
    'var P=window.PerformanceObserver;' +
    'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
    'new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true})' +
    '}else requestAnimationFrame(later)' +
    `})(document.currentScript.nonce,${literal(moduleSource)},${literal(preloads)})</script>`
  );
}
