import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSearchResponseSchema } from '#common/contracts/search.schema.ts';
import { ZVideoResponseSchema, ZVideosResponseSchema } from '#common/contracts/video.schema.ts';
import { toMatchForm } from '#common/text/match-form.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { indexVideo } from '#server/services/search-indexer.service.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, DEMO_DIR, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const demo = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'videos.json'), 'utf8')) as {
  videos: {
    slug: string;
    title: string;
    fileName: string;
    thumbnail: string;
    publishedAt: string;
    durationSeconds: number;
  }[];
};
const newestFirst = [...demo.videos].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

describe.each(engines)('videos on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });
  const list = async (query: string) =>
    ZVideosResponseSchema.parse(await (await get(`/api/v1/public/videos${query}`)).json()).data;

  it('lists published videos newest first, page 1 and 12 per page by default, and pages', async () => {
    const data = await list('');
    expect(data.page).toBe(1);
    expect(data.perPage).toBe(12);
    expect(data.total).toBe(demo.videos.length);
    expect(data.items.map((v) => v.slug)).toEqual(newestFirst.map((v) => v.slug));
    const second = await list('?page=2&per_page=1');
    expect(second.items.map((v) => v.slug)).toEqual([newestFirst[1]!.slug]);
    expect(second.total).toBe(demo.videos.length);
    expect((await list('?page=99')).items).toEqual([]);
  });

  it('refuses bad paging and over-long keywords with a Vietnamese message', async () => {
    for (const bad of ['page=0', 'page=abc', 'per_page=0', 'per_page=101', `keyword=${'a'.repeat(201)}`]) {
      const res = await get(`/api/v1/public/videos?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { errorMessage: string }).errorMessage, bad).toMatch(/[à-ỹ]/);
    }
  });

  it('filters by keyword with or without diacritics, every word anywhere', async () => {
    const target = demo.videos[demo.videos.length - 1]!;
    const folded = toMatchForm(target.title).split(' ').slice(0, 2).join(' ');
    for (const keyword of [folded, folded.toUpperCase(), target.title.split(' ').slice(0, 2).join(' ')]) {
      const data = await list(`?keyword=${encodeURIComponent(keyword)}`);
      expect(
        data.items.map((v) => v.slug),
        keyword,
      ).toContain(target.slug);
      for (const item of data.items)
        expect(toMatchForm(`${item.title} ${item.speaker} ${item.description}`)).toContain(folded.split(' ')[0]);
    }
    expect((await list(`?keyword=${encodeURIComponent('không hề có video này xyz')}`)).total).toBe(0);
    expect((await list('?keyword=')).total).toBe(demo.videos.length);
  });

  it('shows one video by slug with its file, poster, transcript and licence; unknown slugs are 404', async () => {
    const expected = demo.videos[0]!;
    const res = await get(`/api/v1/public/video?slug=${expected.slug}`);
    expect(res.status).toBe(200);
    const { data } = ZVideoResponseSchema.parse(await res.json());
    expect(data).toMatchObject({
      slug: expected.slug,
      title: expected.title,
      provider: 'file',
      fileName: expected.fileName,
      url: `/media/${expected.fileName}`,
      thumbnailUrl: `/media/${expected.thumbnail}`,
      duration: expected.durationSeconds,
      youtubeId: null,
      embedUrl: null,
      path: `/videos?xem=${expected.slug}`,
    });
    expect(data.transcriptUrl).toMatch(/\.vtt$/);
    expect(data.license?.spdx).toBeTruthy();

    const missing = await get('/api/v1/public/video?slug=khong-co-video-nay');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { errorMessage: string }).errorMessage).toBe('Không tìm thấy video này.');
    for (const bad of ['', '../etc/passwd', 'Hoa-Sen', 'a%20b']) {
      expect((await get(`/api/v1/public/video?slug=${bad}`)).status, bad).toBe(400);
    }
  });

  it('serves the MP4 with HTTP Range (206, the exact bytes) and the poster as an image', async () => {
    const video = demo.videos[0]!;
    const bytes = fs.readFileSync(path.join(DEMO_DIR, 'videos', video.fileName));
    const res = await get(`/media/${video.fileName}`, { range: 'bytes=1000-1999' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    // An MP4 starts with its "ftyp" box; faststart puts "moov" before the media data, so phones start at once.
    const head = bytes.subarray(0, 4096).toString('latin1');
    expect(head.slice(4, 8)).toBe('ftyp');
    expect(head.indexOf('moov')).toBeGreaterThan(0);

    const poster = await get(`/media/${video.thumbnail}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(
      Buffer.from(await poster.arrayBuffer())
        .subarray(0, 2)
        .toString('hex'),
    ).toBe('ffd8');
  });

  it('gives YouTube items the privacy-enhanced embed and our own poster; drafts stay hidden', async () => {
    const repos = createRepositories(t.db.database.db);
    const at = new Date().toISOString();
    const base = {
      description: 'Bài giảng về chánh niệm trong đời sống hằng ngày.',
      speaker: 'Thầy Minh Tuệ',
      file_name: null,
      transcript_file: null,
      duration_seconds: 1830,
      created_at: at,
      updated_at: at,
      license_spdx: null,
      license_name: null,
      license_url: null,
      license_attribution: null,
    };
    const youtubeId = await repos.videos.insert({
      ...base,
      slug: 'chanh-niem-trong-doi-song',
      title: 'Chánh niệm trong đời sống',
      provider: 'youtube',
      youtube_id: 'dQw4w9WgXcQ',
      thumbnail_file: 'video-chanh-niem.jpg',
      status: 'published',
      published_at: '2026-11-01T00:00:00.000Z',
    });
    await repos.videos.insert({
      ...base,
      slug: 'ban-nhap',
      title: 'Bản nháp chánh niệm',
      provider: 'youtube',
      youtube_id: 'abcdefghijk',
      thumbnail_file: null,
      status: 'draft',
      published_at: '2026-11-02T00:00:00.000Z',
    });
    await indexVideo(repos, youtubeId, async () => []);

    const found = await list(`?keyword=${encodeURIComponent('chanh niem')}`);
    expect(found.items.map((v) => v.slug)).toEqual(['chanh-niem-trong-doi-song']);
    const video = found.items[0]!;
    expect(video).toMatchObject({
      provider: 'youtube',
      youtubeId: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      url: null,
      fileName: null,
      thumbnailUrl: '/media/video-chanh-niem.jpg',
    });
    expect((await get('/api/v1/public/video?slug=ban-nhap')).status).toBe(404);

    // The search finds it as a video, without diacritics, and opens its page.
    const search = ZSearchResponseSchema.parse(
      await (
        await t.app.request('/api/v1/public/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'chanh niem trong doi song', type: 'video' }),
        })
      ).json(),
    ).data;
    expect(search.items.map((i) => i.url)).toContain('/videos?xem=chanh-niem-trong-doi-song');
    expect(search.items.map((i) => i.url)).not.toContain('/videos?xem=ban-nhap');
  });
});
