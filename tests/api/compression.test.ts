import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The compression middleware (server/http/compression.ts) as the whole app runs it; the
// database does not matter here: SQLite with the demo content.
describe('compressed answers', () => {
  let t: TestApp;
  const text = Buffer.from('WEBVTT\n\n00:00.000 --> 00:05.000\nNam mô A Di Đà Phật.\n\n'.repeat(100));
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    fs.mkdirSync(path.join(t.mediaDir, 'audio'), { recursive: true });
    fs.writeFileSync(path.join(t.mediaDir, 'audio', 'bai-giang.vtt'), text);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (p: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await t.app.request(p, { method, headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('an API answer decodes from brotli and gzip to the identity bytes, with Vary', async () => {
    const url = '/api/v1/public/home_page_data';
    const plain = await get(url, {}, 'POST');
    expect(plain.res.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(plain.res.headers.get('Content-Encoding')).toBeNull();
    expect(plain.res.headers.get('Vary')).toMatch(/Accept-Encoding/i);
    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' }, 'POST');
    expect(br.res.headers.get('Content-Encoding')).toBe('br');
    expect(br.res.headers.get('Vary')).toMatch(/Accept-Encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    // The answer carries a passage drawn at random: compare the parsed data without it.
    const parse = (b: Buffer) => {
      const body = JSON.parse(b.toString('utf8')) as { data: Record<string, unknown> };
      delete body.data.featuredPassage;
      return body;
    };
    expect(parse(zlib.brotliDecompressSync(br.bytes))).toEqual(parse(plain.bytes));
    const gz = await get(url, { 'Accept-Encoding': 'gzip' }, 'POST');
    expect(gz.res.headers.get('Content-Encoding')).toBe('gzip');
    expect(parse(zlib.gunzipSync(gz.bytes))).toEqual(parse(plain.bytes));
  });

  it('an API error answer is compressed only when large; small ones keep their length', async () => {
    const { res, bytes } = await get('/api/v1/nothing-here', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
  });

  it('never compresses /media: neither a Range answer nor a whole text file', async () => {
    const range = await get('/media/audio/bai-giang.vtt', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-1999' });
    expect(range.res.status).toBe(206);
    expect(range.res.headers.get('Content-Encoding')).toBeNull();
    expect(range.bytes).toEqual(text.subarray(0, 2000));
    const whole = await get('/media/audio/bai-giang.vtt', { 'Accept-Encoding': 'br, gzip' });
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('Content-Encoding')).toBeNull();
    expect(whole.res.headers.get('Content-Length')).toBe(String(text.length));
    expect(whole.bytes).toEqual(text);
  });
});
