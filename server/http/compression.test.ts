import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compression, isCompressibleType, precompressedAssets } from './compression.ts';

const BIG_TEXT = 'Như thị ngã văn. Nhất thời Phật tại Xá Vệ quốc. '.repeat(200);
const BIG_JSON = { data: { items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Kinh ${i}` })) } };

function decode(encoding: string | null, bytes: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** A page streamed in pieces with a pause between them, like React's render of a page. */
function streamedPage(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (i === parts.length) return controller.close();
      await new Promise((r) => setTimeout(r, 5));
      controller.enqueue(encoder.encode(parts[i++]));
    },
  });
}

function testApp() {
  const app = new Hono();
  app.use(compression({ skip: (p) => p.startsWith('/media/') }));
  app.get('/text', (c) => c.text(BIG_TEXT));
  app.get('/small', (c) => c.json({ data: 'ok' }));
  app.get('/json', (c) => c.json(BIG_JSON));
  app.post('/json', (c) => c.json(BIG_JSON));
  app.get(
    '/page',
    () =>
      new Response(streamedPage(['<!DOCTYPE html>', BIG_TEXT, '<p>hết</p>']), {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      }),
  );
  app.get('/etag', (c) => c.text(BIG_TEXT, 200, { ETag: '"abc"' }));
  app.get('/no-transform', (c) => c.text(BIG_TEXT, 200, { 'Cache-Control': 'no-transform' }));
  app.get('/encoded', (c) =>
    c.body(zlib.gzipSync(BIG_TEXT), 200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' }),
  );
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/jpeg' }));
  app.get('/media/*', (c) =>
    c.req.header('Range')
      ? c.body(BIG_TEXT.slice(0, 2000), 206, { 'Content-Type': 'text/vtt', 'Content-Range': 'bytes 0-1999/9600' })
      : c.body(BIG_TEXT, 200, { 'Content-Type': 'text/vtt' }),
  );
  app.get('/not-modified', (c) => c.body(null, 304));
  return app;
}

describe('chooseEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=1.0, gzip;q=1.0')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('knows text from media', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'application/json',
      'text/javascript; charset=utf-8',
      'text/css',
      'image/svg+xml',
      'application/rss+xml; charset=utf-8',
      'application/manifest+json',
      'text/plain',
      'application/xml',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of ['audio/mpeg', 'video/mp4', 'image/jpeg', 'font/woff2', 'text/event-stream', null]) {
      expect(isCompressibleType(type), String(type)).toBe(false);
    }
  });
});

describe('compression middleware', () => {
  const app = testApp();
  const get = async (url: string, acceptEncoding?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (acceptEncoding !== undefined) headers.set('Accept-Encoding', acceptEncoding);
    const res = await app.request(url, { ...init, headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('answers brotli or gzip by Accept-Encoding, the same text either way, with Vary', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ] as const) {
      const { res, bytes } = await get('/text', accept);
      expect(res.headers.get('Content-Encoding')).toBe(expected);
      expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
      expect(res.headers.get('Content-Length')).toBeNull();
      expect(bytes.length).toBeLessThan(BIG_TEXT.length / 5);
      expect(decode(expected, bytes)).toBe(BIG_TEXT);
    }
  });

  it('answers identity, still with Vary, when no encoding is accepted', async () => {
    for (const accept of [undefined, 'br;q=0, gzip;q=0', 'identity']) {
      const { res, bytes } = await get('/text', accept);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
      expect(bytes.toString('utf8')).toBe(BIG_TEXT);
    }
  });

  it('compresses JSON of unknown length, GET and POST alike', async () => {
    for (const method of ['GET', 'POST']) {
      const { res, bytes } = await get('/json', 'br', { method });
      expect(res.headers.get('Content-Encoding')).toBe('br');
      expect(JSON.parse(decode('br', bytes))).toEqual(BIG_JSON);
    }
  });

  it('leaves small answers alone, with their length', async () => {
    const { res, bytes } = await get('/small', 'br, gzip');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(JSON.parse(bytes.toString())).toEqual({ data: 'ok' });
  });

  it('streams a page: every part arrives, in order, and decodes whole', async () => {
    const { res, bytes } = await get('/page', 'br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(decode('br', bytes)).toBe(`<!DOCTYPE html>${BIG_TEXT}<p>hết</p>`);
    const gz = await get('/page', 'gzip');
    expect(decode('gzip', gz.bytes)).toBe(`<!DOCTYPE html>${BIG_TEXT}<p>hết</p>`);
  });

  it('sends the first part before the render ends (flushed, not buffered whole)', async () => {
    const app = new Hono();
    app.use(compression());
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    app.get('/slow', () => {
      const encoder = new TextEncoder();
      let step = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (step === 0) controller.enqueue(encoder.encode(`<head>${BIG_TEXT}</head>`));
          else if (step === 1) {
            await held;
            controller.enqueue(encoder.encode('<body>cuối</body>'));
          } else controller.close();
          step++;
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/html' } });
    });
    const res = await app.request('/slow', { headers: { 'Accept-Encoding': 'br' } });
    const reader = res.body!.getReader();
    const decompress = zlib.createBrotliDecompress();
    let text = '';
    decompress.on('data', (d: Buffer) => (text += d.toString('utf8')));
    // Before the rest is released, the head must already decode.
    const deadline = Date.now() + 2000;
    let pending = reader.read();
    while (!text.includes('</head>') && Date.now() < deadline) {
      const next = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 50))]);
      if (next?.value) decompress.write(next.value);
      if (next) pending = reader.read();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(text).toContain('</head>');
    expect(text).not.toContain('cuối');
    release();
    for (;;) {
      const { done, value } = await pending;
      pending = reader.read();
      if (done) break;
      decompress.write(value);
    }
    await new Promise((r) => decompress.end(r));
    expect(text.endsWith('<body>cuối</body>')).toBe(true);
  });

  it('makes a strong ETag weak for the encoded bytes', async () => {
    expect((await get('/etag', 'br')).res.headers.get('ETag')).toBe('W/"abc"');
    expect((await get('/etag')).res.headers.get('ETag')).toBe('"abc"');
  });

  it('never touches media, Range answers, 304, encoded, no-transform or binary answers', async () => {
    const media = await get('/media/talk.vtt', 'br, gzip', { headers: { Range: 'bytes=0-1999' } });
    expect(media.res.status).toBe(206);
    expect(media.res.headers.get('Content-Encoding')).toBeNull();
    expect(media.bytes.toString()).toBe(BIG_TEXT.slice(0, 2000));
    const whole = await get('/media/talk.vtt', 'br, gzip');
    expect(whole.res.headers.get('Content-Encoding')).toBeNull();
    expect(whole.res.headers.get('Vary')).toBeNull();
    expect((await get('/not-modified', 'br')).res.headers.get('Content-Encoding')).toBeNull();
    expect((await get('/no-transform', 'br')).res.headers.get('Content-Encoding')).toBeNull();
    expect((await get('/image', 'br')).res.headers.get('Content-Encoding')).toBeNull();
    const encoded = await get('/encoded', 'br');
    expect(encoded.res.headers.get('Content-Encoding')).toBe('gzip');
    expect(zlib.gunzipSync(encoded.bytes).toString()).toBe(BIG_TEXT);
  });

  it('gives HEAD the headers of GET and no body', async () => {
    const head = await get('/text', 'br', { method: 'HEAD' });
    expect(head.res.headers.get('Content-Encoding')).toBe('br');
    expect(head.res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(head.bytes.length).toBe(0);
    const small = await get('/small', 'br', { method: 'HEAD' });
    expect(small.res.headers.get('Content-Encoding')).toBeNull();
  });
});

describe('precompressedAssets', () => {
  let root: string;
  const js = 'export const a = "Phật giáo";\n'.repeat(100);
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-assets-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'assets', 'app-abc.js'), js);
    fs.writeFileSync(path.join(root, 'assets', 'app-abc.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(root, 'assets', 'app-abc.js.gz'), zlib.gzipSync(js));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  function assetApp() {
    const app = new Hono();
    app.use('/assets/*', precompressedAssets(root, { cacheControl: 'public, max-age=31536000, immutable' }));
    app.get('/assets/*', (c) => c.text('identity'));
    return app;
  }

  it('serves the .br or .gz file with its type, length and Vary', async () => {
    const app = assetApp();
    for (const [accept, encoding, file] of [
      ['gzip, deflate, br', 'br', 'app-abc.js.br'],
      ['gzip, deflate', 'gzip', 'app-abc.js.gz'],
    ] as const) {
      const res = await app.request('/assets/app-abc.js', { headers: { 'Accept-Encoding': accept } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('Content-Length')).toBe(String(fs.statSync(path.join(root, 'assets', file)).size));
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(res.headers.get('Cache-Control')).toContain('immutable');
      expect(decode(encoding, bytes)).toBe(js);
    }
    const head = await app.request('/assets/app-abc.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('Content-Length')).toBe(
      String(fs.statSync(path.join(root, 'assets', 'app-abc.js.br')).size),
    );
  });

  it('leaves identity, Range requests, missing variants and odd paths to the next handler', async () => {
    const app = assetApp();
    const text = async (url: string, headers: Record<string, string>) => (await app.request(url, { headers })).text();
    expect(await text('/assets/app-abc.js', {})).toBe('identity');
    expect(await text('/assets/app-abc.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).toBe('identity');
    expect(await text('/assets/app-abc.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' })).toBe('identity');
    expect(await text('/assets/other.js', { 'Accept-Encoding': 'br' })).toBe('identity');
    expect(await text('/assets/..%2fapp-abc.js', { 'Accept-Encoding': 'br' })).toBe('identity');
  });
});
