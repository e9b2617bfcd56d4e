import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminCollectionResponseSchema, ZAdminTalkResponseSchema } from '#common/contracts/talk-admin.schema.ts';
import { loadEnv } from '#server/env.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { createS3MediaStorage, s3SettingsOf } from '#server/media/s3-media-storage.ts';
import { scanMp3 } from '#server/media/mp3-frames.ts';
import { MP3_FRAME_SECONDS, makeSilentMp3 } from '../factories/import-files.ts';
import { apiClient } from '../support/api-client.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Media on S3-compatible storage (server/media/s3-media-storage.ts) against a real S3-protocol
 * server on this machine (s3rver, or radosgw with TEST_S3_ENDPOINT; docs/decisions/0029): the
 * MediaStorage contract, then the app on it — a talk uploaded as a stream (in parts), served with
 * Range, a clip cut from it.
 */
const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

async function* chunksOf(bytes: Buffer, size: number, failAfter?: number) {
  for (let at = 0; at < bytes.length; at += size) {
    if (failAfter !== undefined && at >= failAfter) throw new Error('kết nối bị cắt');
    yield bytes.subarray(at, at + size);
  }
}

describe('S3 media storage', () => {
  let s3: S3Server;
  let storage: MediaStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3MediaStorage(
      s3SettingsOf(loadEnv({ ...s3.env, MEDIA_S3_PREFIX: 'thu-vien/', DATA_DIR: '/nonexistent' }))!,
    );
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('writes, states, reads whole and by range, lists without the prefix, removes', async () => {
    const bytes = crypto.randomBytes(70_000);
    await storage.write('anh/bia.webp', bytes);
    await storage.write('a.txt', Buffer.from('Pháp Bảo'));
    expect((await storage.stat('anh/bia.webp'))?.size).toBe(70_000);
    expect(await storage.stat('anh/khong-co.webp')).toBeNull();
    expect(await storage.stat('../a.txt')).toBeNull();
    expect((await bytesOf(storage.read('anh/bia.webp'))).equals(bytes)).toBe(true);
    expect(
      (await bytesOf(storage.read('anh/bia.webp', { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000)),
    ).toBe(true);
    expect(await storage.list()).toEqual(['a.txt', 'anh/bia.webp']);
    expect(() => storage.read('../a.txt')).toThrow(/unsafe/);
    await storage.remove('anh/bia.webp');
    await storage.remove('anh/bia.webp');
    expect(await storage.stat('anh/bia.webp')).toBeNull();
    expect(await storage.list()).toEqual(['a.txt']);
  });

  it('uploads a stream of 20 MB in parts, and a stream cut off leaves no object', async () => {
    const bytes = crypto.randomBytes(20 * 1024 * 1024);
    expect(await storage.writeStream('phap-am/lon.mp3', chunksOf(bytes, 64 * 1024))).toBe(bytes.length);
    expect((await storage.stat('phap-am/lon.mp3'))?.size).toBe(bytes.length);
    // Across the first part's end (8 MiB).
    const start = 8 * 1024 * 1024 - 5000;
    const piece = await bytesOf(storage.read('phap-am/lon.mp3', { start, end: start + 9999 }));
    expect(piece.equals(bytes.subarray(start, start + 10_000))).toBe(true);
    const whole = await bytesOf(storage.read('phap-am/lon.mp3'));
    expect(crypto.createHash('sha256').update(whole).digest('hex')).toBe(
      crypto.createHash('sha256').update(bytes).digest('hex'),
    );

    await expect(storage.writeStream('phap-am/dut.mp3', chunksOf(bytes, 64 * 1024, 12 * 1024 * 1024))).rejects.toThrow(
      /kết nối bị cắt/,
    );
    expect(await storage.stat('phap-am/dut.mp3')).toBeNull();
    expect(await storage.list()).not.toContain('phap-am/dut.mp3');
    expect((await s3.storedFiles()).filter((f) => f.includes('dut'))).toEqual([]);
  });

  it('reports an upload the server refuses, and stops reading a source that would never end', async () => {
    const refusing = createS3MediaStorage(
      s3SettingsOf(loadEnv({ ...s3.env, MEDIA_S3_BUCKET: `${s3.bucket}-khong-co`, DATA_DIR: '/nonexistent' }))!,
    );
    let chunksRead = 0;
    async function* endless() {
      for (;;) {
        chunksRead += 1;
        yield Buffer.alloc(64 * 1024);
      }
    }
    await expect(refusing.writeStream('phap-am/khong-toi.mp3', endless())).rejects.toThrow();
    const readWhenRefused = chunksRead;
    await new Promise((r) => setTimeout(r, 200));
    expect(chunksRead).toBe(readWhenRefused);
  });
});

describe('the app with its media on S3', () => {
  let s3: S3Server;
  let t: TestApp;
  let admin: string;
  const api = apiClient(() => t);
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('sqlite', { demo: false, env: { ...s3.env, UPLOAD_MAX_MB: '40' } });
    await t.services.auth.createOrPromoteAdmin('quantri03', 'mat-khau-quan-tri');
    const login = await api.post('/public/user/login', { username: 'quantri03', password: 'mat-khau-quan-tri' });
    admin = ((await login.json()) as { data: { token: string } }).data.token;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('stores an uploaded talk in the bucket (not on disk), serves it with Range and cuts a clip from it', async () => {
    const created = await api.post(
      '/admin/collections',
      { title: 'Tuyển tập trên S3', status: 'published' },
      { as: admin },
    );
    const collection = ZAdminCollectionResponseSchema.parse(await created.json()).data;
    // 25,000 frames (10.4 MB): more than one part of the streamed upload.
    const mp3 = makeSilentMp3(25_000);
    const form = new FormData();
    form.append('collectionId', String(collection.id));
    form.append('title', 'Bài giảng lưu trên S3');
    form.append('status', 'published');
    form.append('file', new File([mp3 as BlobPart], 'bai-s3.mp3', { type: 'audio/mpeg' }));
    const res = await api.post('/admin/talks', form, { as: admin });
    expect(res.status).toBe(201);
    const talk = ZAdminTalkResponseSchema.parse(await res.json()).data;

    // In the bucket, listed for backups; nothing under MEDIA_DIR.
    const bucket = createS3MediaStorage(s3SettingsOf(t.env)!);
    expect(await bucket.list()).toContain(talk.fileName);
    expect((await bucket.stat(talk.fileName))?.size).toBe(mp3.length);
    expect(fs.readdirSync(t.mediaDir, { recursive: true })).toEqual([]);

    const ranged = await t.app.request(`/media/${talk.fileName}`, { headers: { range: 'bytes=417000-418250' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 417000-418250/${mp3.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(mp3.subarray(417_000, 418_251))).toBe(true);

    const clip = await t.app.request(
      `/api/v1/public/audio/split/?${new URLSearchParams({ fileName: talk.fileName, start: '60', end: '70' })}`,
    );
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('audio/mpeg');
    const scanned = scanMp3(new Uint8Array(await clip.arrayBuffer()));
    expect(Math.abs(scanned!.duration - 10)).toBeLessThanOrEqual(MP3_FRAME_SECONDS);
  });
});
