import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { longChapterMarkdown } from '../factories/site.ts';
import { bookForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
/** A long chapter of this file's own: a page large enough to be sent compressed. */
const book = bookForThisFile({
  title: 'Kinh Nén Thử',
  chapters: [{ title: 'Chương một', markdown: `Như thị ngã văn.\n\n${longChapterMarkdown(40)}` }],
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire (fetch would decode them). */
  raw: Buffer;
  /** The bytes decoded by their Content-Encoding. */
  text: string;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseURL), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          raw.length === 0 // HEAD
            ? raw
            : encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: decoded.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Pages draw some text at random (the footer quote; on the home page the keyword chips and a
 * passage), and how a fresh render streams its data after the page varies with timing: compare the
 * tags of the page's main content, in order, without the home page's passage.
 */
const tagsOf = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html)
    .replace(/<section class="featured-quote[\s\S]*?<\/section>/, '')
    .match(/<\/?[a-zA-Z][\w-]*/g)
    ?.join(' ') ?? '';

// The production build as readers get it: every text answer compressed, the same text as without.
describe('compression of the built site', () => {
  async function expectSameInEveryEncoding(path: string, compare: (text: string) => string = (t) => t) {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    for (const encoding of ['br', 'gzip']) {
      const answer = await get(path, { 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
      expect(answer.status, `${path} ${encoding}`).toBe(200);
      expect(answer.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
      expect(answer.headers.vary, `${path} ${encoding}`).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
      expect(answer.raw.length, `${path} ${encoding}`).toBeLessThan(plain.raw.length / 2);
      expect(compare(answer.text), `${path} ${encoding}`).toBe(compare(plain.text));
    }
    return plain;
  }

  it('the home page and a chapter page', async () => {
    for (const path of ['/', book.firstChapterPath]) {
      const page = await expectSameInEveryEncoding(path, tagsOf);
      expect(page.text.trimEnd().endsWith('</html>')).toBe(true);
    }
    // Whole pages, compressed, decode to a whole page too (not cut short).
    for (const encoding of ['br', 'gzip']) {
      const page = await get(book.firstChapterPath, { 'Accept-Encoding': encoding });
      expect(page.text).toContain('Như thị ngã văn');
      expect(page.text.trimEnd().endsWith('</html>')).toBe(true);
    }
  });

  it('an API answer and the news feed', async () => {
    await expectSameInEveryEncoding('/api/v1/public/search/keywords');
    await expectSameInEveryEncoding('/tin-tuc/rss');
  });

  it('a hashed JS asset from the files written at build time, with its length', async () => {
    const page = await get(book.firstChapterPath);
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(page.text)?.[0];
    expect(asset).toBeDefined();
    const plain = await expectSameInEveryEncoding(asset!);
    for (const encoding of ['br', 'gzip']) {
      const answer = await get(asset!, { 'Accept-Encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-length']).toBe(String(answer.raw.length));
      expect(answer.headers['cache-control']).toContain('immutable');
      const head = await get(asset!, { 'Accept-Encoding': encoding }, 'HEAD');
      expect(head.headers['content-encoding']).toBe(encoding);
      expect(head.headers['content-length']).toBe(String(answer.raw.length));
    }
    expect(plain.headers['content-length']).toBe(String(plain.raw.length));
  });

  it('sends the policy headers with pages only: a hashed asset carries nosniff and little else', async () => {
    const page = await get(book.firstChapterPath);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    expect(page.headers['permissions-policy']).toBeDefined();
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(page.text)![0];
    const answer = await get(asset, { 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['permissions-policy']).toBeUndefined();
    const headerBytes = Object.entries(answer.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    expect(headerBytes).toBeLessThan(500);
  });

  it('a media range is never compressed', async () => {
    // A demo talk's page names its MP3 under /media.
    const talk = /href="(\/phap-am\/\d+)"/.exec((await get('/phap-am')).text)?.[1];
    const mp3 = /\/media\/[^"'\\]+\.mp3/.exec((await get(talk!)).text)?.[0];
    expect(mp3).toBeDefined();
    const range = await get(mp3!, { 'Accept-Encoding': 'gzip, deflate, br', Range: 'bytes=0-1023' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.raw.length).toBe(1024);
  });
});
