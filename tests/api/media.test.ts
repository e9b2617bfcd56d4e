import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Media does not touch the database: SQLite is enough here.
describe('/media with HTTP Range', () => {
  let t: TestApp;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: false });
    fs.mkdirSync(path.join(t.mediaDir, 'audio'), { recursive: true });
    fs.writeFileSync(path.join(t.mediaDir, 'audio', 'bai-giang.mp3'), bytes);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (p: string, headers: Record<string, string> = {}) => t.app.request(p, { headers });

  it('serves the whole file with its type, length, ETag and Accept-Ranges', async () => {
    const res = await get('/media/audio/bai-giang.mp3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const res = await get('/media/audio/bai-giang.mp3', { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(res.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('serves open-ended and suffix ranges', async () => {
    const open = await get('/media/audio/bai-giang.mp3', { range: 'bytes=990-' });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(bytes.subarray(990));
    const suffix = await get('/media/audio/bai-giang.mp3', { range: 'bytes=-5' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(bytes.subarray(995));
  });

  it('answers 416 for a range beyond the file', async () => {
    const res = await get('/media/audio/bai-giang.mp3', { range: 'bytes=5000-6000' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
  });

  it('answers 304 when the client has this version', async () => {
    const first = await get('/media/audio/bai-giang.mp3');
    const etag = first.headers.get('etag')!;
    const res = await get('/media/audio/bai-giang.mp3', { 'if-none-match': etag });
    expect(res.status).toBe(304);
  });

  it('never serves files outside MEDIA_DIR or hidden files', async () => {
    fs.writeFileSync(path.join(t.mediaDir, '.secret'), 'x');
    for (const p of [
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/audio/..%2f..%2fpackage.json',
      '/media/.secret',
      '/media/audio/khong-co.mp3',
      '/media/%E0%A4%A',
      '/media/',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
    }
    // A control character in an address is refused before any route (tests/api/control-characters.test.ts).
    expect((await get('/media/audio%00.mp3')).status).toBe(400);
  });
});
