import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditPageSchema } from '#common/contracts/admin.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import {
  parseYouTubeId,
  YOUTUBE_URL_MESSAGE,
  ZAdminVideoResponseSchema,
  ZAdminVideosResponseSchema,
} from '#common/contracts/video-admin.schema.ts';
import { ZVideoResponseSchema } from '#common/contracts/video.schema.ts';
import { makeCoverPng, realMp4 } from '../factories/import-files.ts';
import { apiClient } from '../support/api-client.ts';
import { multipartForm } from '../support/multipart.ts';
import { availableEngines } from '../support/databases.ts';
import { broadSearchText, mediaAdminApp, mediaFiles } from '../support/media-admin.ts';
import type { TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
// A real MP4 (under 1 MB), uploaded as an admin would.
const { bytes: mp4Bytes, durationSeconds: mp4Seconds } = realMp4();

describe('parseYouTubeId', () => {
  it('takes the 11-character id from each form of YouTube address, and nothing else', () => {
    for (const address of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123',
      'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      '  https://youtu.be/dQw4w9WgXcQ  ',
    ]) {
      expect(parseYouTubeId(address), address).toBe('dQw4w9WgXcQ');
    }
    for (const address of [
      '',
      'dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQX',
      'https://www.youtube.com/watch?v=dQw4w9WgX!Q',
      'https://vimeo.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/channel/dQw4w9WgXcQ',
      'https://youtu.be/',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'ftp://youtu.be/dQw4w9WgXcQ',
      'https://user@youtu.be/dQw4w9WgXcQ',
    ]) {
      expect(parseYouTubeId(address), address).toBeNull();
    }
  });
});

describe.each(engines)('videos administration API on %s', (engine) => {
  let t: TestApp, admin: string, reader: string;
  beforeAll(async () => ({ t, admin, reader } = await mediaAdminApp(engine)));
  afterAll(() => t.close());

  const api = apiClient(() => t);

  const form = (fields: Record<string, string>, files: Record<string, [string, Uint8Array | string]> = {}) =>
    multipartForm(
      fields,
      Object.entries(files).map(([key, [name, bytes]]) => [key, name, bytes]),
    );
  const errorOf = async (res: Response) => ZErrorResponseSchema.parse(await res.json());
  const publicVideo = (slug: string) => t.app.request(`/api/v1/public/video?slug=${slug}`);
  const search = (query: string) => broadSearchText(t, query);

  it('refuses anonymous callers (401) and readers (403) on every call', async () => {
    const youtube = () => form({ kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Không được' });
    for (const [token, status] of [
      [null, 401],
      [reader, 403],
    ] as const) {
      for (const [method, url, body] of [
        ['GET', '/admin/videos'],
        ['POST', '/admin/videos', youtube()],
        ['GET', '/admin/video/1'],
        ['PUT', '/admin/video/1', { title: 'Không được' }],
        ['PUT', '/admin/video/1/poster', form({}, { poster: ['p.png', 'x'] })],
        ['DELETE', '/admin/video/1'],
      ] as const) {
        const res = await api.request(method, url, body, { as: token });
        expect(res.status, `${method} ${url}`).toBe(status);
        expect((await errorOf(res)).errorMessage).toMatch(/[à-ỹ]/);
      }
    }
    const list = ZAdminVideosResponseSchema.parse(await (await api.get('/admin/videos', { as: admin })).json());
    expect(list.data.total).toBe(0);
  });

  it('adds YouTube items by each form of address, refuses other addresses, keeps drafts from readers, logs', async () => {
    const forms = [
      'https://www.youtube.com/watch?v=AAAAAAAAAA1',
      'https://youtu.be/AAAAAAAAAA2',
      'https://www.youtube.com/embed/AAAAAAAAAA3',
      'https://www.youtube.com/shorts/AAAAAAAAAA4',
    ];
    const poster = await makeCoverPng();
    const added = [];
    for (const [i, url] of forms.entries()) {
      const res = await api.post(
        '/admin/videos',
        form(
          { kind: 'youtube', url, title: `Pháp thoại trên YouTube số ${i + 1}`, description: 'Giảng về thiền quán.' },
          i === 0 ? { poster: ['bia.png', poster] } : {},
        ),
        { as: admin },
      );
      expect(res.status, url).toBe(201);
      added.push(ZAdminVideoResponseSchema.parse(await res.json()).data);
    }
    expect(added.map((v) => v.youtubeId)).toEqual(['AAAAAAAAAA1', 'AAAAAAAAAA2', 'AAAAAAAAAA3', 'AAAAAAAAAA4']);
    expect(added.every((v) => v.provider === 'youtube' && v.status === 'draft')).toBe(true);
    // The poster is ours (a JPEG under /media), so the facade never asks YouTube for one.
    expect(added[0]!.thumbnailUrl).toMatch(/^\/media\/video\/.+-poster\.jpg$/);
    const posterRes = await t.app.request(added[0]!.thumbnailUrl!);
    expect(posterRes.headers.get('content-type')).toBe('image/jpeg');
    expect(added[1]!.thumbnailUrl).toBeNull();

    for (const url of ['https://vimeo.com/123456', 'https://www.youtube.com/watch?v=ngan', 'không phải địa chỉ']) {
      const res = await api.post('/admin/videos', form({ kind: 'youtube', url, title: 'Sai' }), { as: admin });
      expect(res.status, url).toBe(400);
      expect((await errorOf(res)).fields?.url).toBe(YOUTUBE_URL_MESSAGE);
    }
    for (const fields of [
      { kind: 'youtube', url: 'https://youtu.be/AAAAAAAAAA9' },
      { kind: 'vimeo', title: 'A' },
    ] as Record<string, string>[]) {
      const res = await api.post('/admin/videos', form(fields), { as: admin });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).errorMessage).toMatch(/[à-ỹ]/);
    }

    // Drafts: not for readers, not in search.
    expect((await publicVideo(added[0]!.slug)).status).toBe(404);
    expect(await search('pháp thoại trên youtube')).not.toContain('YouTube số 1');
    const published = await api.put(`/admin/video/${added[0]!.id}`, { status: 'published' }, { as: admin });
    expect(ZAdminVideoResponseSchema.parse(await published.json()).data.status).toBe('published');
    const seen = ZVideoResponseSchema.parse(await (await publicVideo(added[0]!.slug)).json()).data;
    expect(seen).toMatchObject({ youtubeId: 'AAAAAAAAAA1', thumbnailUrl: added[0]!.thumbnailUrl });
    expect(await search('pháp thoại trên youtube')).toContain('YouTube số 1');

    // A new address for the same item; an address for a file is refused.
    const moved = await api.put(`/admin/video/${added[0]!.id}`, { url: 'youtu.be/BBBBBBBBBB1' }, { as: admin });
    expect(ZAdminVideoResponseSchema.parse(await moved.json()).data.youtubeId).toBe('BBBBBBBBBB1');
    const wrong = await api.put(`/admin/video/${added[0]!.id}`, { url: 'https://example.com/x' }, { as: admin });
    expect(wrong.status).toBe(400);

    const unpublished = await api.put(`/admin/video/${added[0]!.id}`, { status: 'draft' }, { as: admin });
    expect(unpublished.status).toBe(200);
    expect((await publicVideo(added[0]!.slug)).status).toBe(404);
    expect(await search('pháp thoại trên youtube')).not.toContain('YouTube số 1');

    const log = ZAuditPageSchema.parse(
      ((await (await api.get('/admin/audit?itemType=video', { as: admin })).json()) as { data: unknown }).data,
    );
    expect(log.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(['create', 'publish', 'update', 'unpublish']),
    );
    expect(log.items.find((i) => i.action === 'create' && i.itemLabel.endsWith('số 2'))!.detail).toContain(
      'AAAAAAAAAA2',
    );
  });

  it('uploads an MP4 with a transcript (duration read, playable with Range), refuses non-MP4 and too large, deletes with its files', async () => {
    const before = mediaFiles(t.mediaDir);
    const res = await api.post(
      '/admin/videos',
      form(
        { kind: 'file', title: 'Thiền là gì — bản tải lên', status: 'published' },
        {
          file: ['thien.mp4', mp4Bytes],
          transcript: ['thien.srt', '1\n00:00:00,000 --> 00:00:03,000\nThiền là sống tỉnh thức.\n'],
        },
      ),
      { as: admin },
    );
    expect(res.status).toBe(201);
    const video = ZAdminVideoResponseSchema.parse(await res.json()).data;
    expect(video).toMatchObject({ provider: 'file', status: 'published', youtubeId: null });
    expect(Math.abs(video.duration! - mp4Seconds)).toBeLessThanOrEqual(1);
    const partial = await t.app.request(video.url!, { headers: { range: 'bytes=0-11' } });
    expect(partial.status).toBe(206);
    expect(
      Buffer.from(await partial.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
    const vtt = await (await t.app.request(video.transcriptUrl!)).text();
    expect(vtt).toContain('00:00:00.000 --> 00:00:03.000');
    expect((await publicVideo(video.slug)).status).toBe(200);

    const notMp4 = await api.post(
      '/admin/videos',
      form({ kind: 'file', title: 'Giả' }, { file: ['gia.mp4', makeFake()] }),
      { as: admin },
    );
    expect(notMp4.status).toBe(400);
    expect((await errorOf(notMp4)).errorMessage).toContain('không phải video MP4');
    const big = Buffer.concat([mp4Bytes, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await api.post('/admin/videos', form({ kind: 'file', title: 'Lớn' }, { file: ['lon.mp4', big] }), {
      as: admin,
    });
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).errorMessage).toBe('Tệp tải lên quá lớn (tối đa 1 MB mỗi lần).');

    const stored = mediaFiles(t.mediaDir).filter((f) => !before.includes(f));
    expect(stored.sort()).toEqual([video.fileName, video.transcriptUrl!.slice('/media/'.length)].sort());
    const deleted = await api.delete(`/admin/video/${video.id}`, { as: admin });
    expect(deleted.status).toBe(200);
    expect(mediaFiles(t.mediaDir)).toEqual(before);
    expect((await publicVideo(video.slug)).status).toBe(404);
    expect((await api.get(`/admin/video/${video.id}`, { as: admin })).status).toBe(404);
  });
});

function makeFake(): Buffer {
  return Buffer.from('RIFF\0\0\0\0AVI LIST không phải MP4');
}
