import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAudioCollectionResponseSchema, ZAudioCollectionsResponseSchema } from '#common/contracts/audio.schema.ts';
import { ZSearchResponseSchema } from '#common/contracts/search.schema.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import { isInfoFrame, readFrameHeader, scanMp3 } from '#server/media/mp3-frames.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, DEMO_DIR, registerReader, type TestApp } from '../support/test-app.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { talkPath } from '#common/paths.ts';
import { talkPlaybackCode } from '#common/playback.ts';

const engines = await availableEngines();
const demoTalks = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'talks.json'), 'utf8')) as {
  collections: {
    title: string;
    talks: { title: string; fileName: string; transcript: string; durationSeconds: number }[];
  }[];
};

describe.each(engines)('talks (pháp âm) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

  it('lists collections with page and per_page defaulting to 1 and 10, in their order, with counts', async () => {
    const res = await get('/api/v1/public/audio_collections');
    expect(res.status).toBe(200);
    const { data } = ZAudioCollectionsResponseSchema.parse(await res.json());
    expect(data.page).toBe(1);
    expect(data.perPage).toBe(10);
    expect(data.total).toBe(demoTalks.collections.length);
    expect(data.items.map((c) => c.title)).toEqual(demoTalks.collections.map((c) => c.title));
    const first = demoTalks.collections[0]!;
    expect(data.items[0]!.talkCount).toBe(first.talks.length);
    expect(data.items[0]!.totalSeconds).toBe(first.talks.reduce((n, talk) => n + talk.durationSeconds, 0));

    const second = ZAudioCollectionsResponseSchema.parse(
      await (await get('/api/v1/public/audio_collections?page=2&per_page=1')).json(),
    ).data;
    expect(second.items.map((c) => c.title)).toEqual([demoTalks.collections[1]!.title]);
    for (const bad of ['page=0', 'per_page=0', 'per_page=101', 'page=abc']) {
      const r = await get(`/api/v1/public/audio_collections?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as { errorMessage: string }).errorMessage).toMatch(/[à-ỹ]/);
    }
  });

  it('shows a collection with its talks: file, duration, transcript and licence; unknown ids are 404', async () => {
    const list = ZAudioCollectionsResponseSchema.parse(await (await get('/api/v1/public/audio_collections')).json());
    const id = list.data.items[0]!.id;
    const { data } = ZAudioCollectionResponseSchema.parse(
      await (await get(`/api/v1/public/audio_collection/${id}`)).json(),
    );
    const expected = demoTalks.collections[0]!.talks;
    expect(data.talks.map((talk) => [talk.title, talk.fileName, talk.duration])).toEqual(
      expected.map((talk) => [talk.title, talk.fileName, talk.durationSeconds]),
    );
    expect(data.talks[0]!.url).toBe(`/media/${expected[0]!.fileName}`);
    expect(data.talks[0]!.transcriptUrl).toBe(`/media/${expected[0]!.transcript}`);
    expect(data.talks[0]!.license?.spdx).toBeTruthy();
    expect((await get('/api/v1/public/audio_collection/999999')).status).toBe(404);
    expect((await get('/api/v1/public/audio_collection/abc')).status).toBe(400);
  });

  it('serves the talk audio with HTTP Range and its transcript', async () => {
    const talk = demoTalks.collections[0]!.talks[0]!;
    const size = fs.statSync(path.join(DEMO_DIR, 'talks', talk.fileName)).size;
    const res = await get(`/media/${talk.fileName}`, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes)).toEqual(fs.readFileSync(path.join(DEMO_DIR, 'talks', talk.fileName)).subarray(100, 200));
    const vtt = await get(`/media/${talk.transcript}`);
    expect(vtt.status).toBe(200);
    expect(parseTranscript(await vtt.text()).length).toBeGreaterThan(3);
  });

  it('finds words of a transcript and opens the talk at that moment', async () => {
    const talk = demoTalks.collections[0]!.talks[0]!;
    const cues = parseTranscript(fs.readFileSync(path.join(DEMO_DIR, 'talks', talk.transcript), 'utf8'));
    const cue = cues[3]!;
    const phrase = cue.text
      .split(/\s+/)
      .slice(0, 4)
      .join(' ')
      .replace(/[,.!?;:]/g, '');
    const res = await t.app.request('/api/v1/public/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: phrase, type: 'transcript' }),
    });
    const { data } = ZSearchResponseSchema.parse(await res.json());
    const item = data.items.find((i) => i.title === talk.title);
    expect(item?.type).toBe('transcript');
    const passage = item!.passages.find((p) => p.startSeconds === cue.startSeconds);
    expect(passage).toBeDefined();
    expect(passage!.url).toMatch(new RegExp(`^/phap-am/\\d+\\?nghe=\\d+&t=${Math.ceil(cue.startSeconds)}$`));
    expect(passage!.label).toMatch(/^\d+:\d{2}$/);
    expect(data.countsByType.transcript).toBeGreaterThan(0);
    // The talk's title is found as a talk (type audio).
    const byTitle = ZSearchResponseSchema.parse(
      await (
        await t.app.request('/api/v1/public/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'tung kinh han viet', type: 'audio' }),
        })
      ).json(),
    ).data;
    expect(byTitle.items.map((i) => i.title)).toContain(demoTalks.collections[0]!.title);
  });

  it('imports the demo talks once', async () => {
    const again = await t.services.demoImport.importTalksOnce();
    expect(again.imported).toBe(false);
    const list = ZAudioCollectionsResponseSchema.parse(await (await get('/api/v1/public/audio_collections')).json());
    expect(list.data.total).toBe(demoTalks.collections.length);
  });

  it('cuts a clip at frame boundaries without re-encoding: a valid MP3 within one frame of end − start', async () => {
    const talk = demoTalks.collections[0]!.talks[0]!;
    const whole = scanMp3(new Uint8Array(fs.readFileSync(path.join(DEMO_DIR, 'talks', talk.fileName))));
    expect(whole).not.toBeNull();
    const res = await get(`/api/v1/public/audio/split/?fileName=${talk.fileName}&start=10&end=25.5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toMatch(/filename=".+-10-26\.mp3"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const clip = scanMp3(bytes);
    expect(clip).not.toBeNull();
    const frame = readFrameHeader(bytes, 0)!;
    const frameSeconds = frame.samples / frame.sampleRate;
    expect(Math.abs(clip!.duration - 15.5)).toBeLessThanOrEqual(frameSeconds);
    // Same encoding as the talk (no re-encoding), and no header frame describing the whole file.
    expect(frame.sampleRate).toBe(
      readFrameHeader(new Uint8Array(fs.readFileSync(path.join(DEMO_DIR, 'talks', talk.fileName))), 0)?.sampleRate ??
        frame.sampleRate,
    );
    expect(isInfoFrame(bytes.subarray(0, frame.length))).toBe(false);
    // From 0 to the talk's length (whole seconds): that long, and never more frames than the file has.
    const all = await get(`/api/v1/public/audio/split/?fileName=${talk.fileName}&start=0&end=${talk.durationSeconds}`);
    expect(all.status).toBe(200);
    const allFrames = scanMp3(new Uint8Array(await all.arrayBuffer()))!;
    expect(Math.abs(allFrames.duration - talk.durationSeconds)).toBeLessThanOrEqual(frameSeconds);
    expect(allFrames.frames).toBeLessThan(whole!.frames);
  });

  it('refuses clips of other files, bad bounds and long spans with a Vietnamese message', async () => {
    const talk = demoTalks.collections[0]!.talks[0]!;
    const cases: [string, RegExp][] = [
      [`fileName=../../etc/passwd&start=0&end=5`, /Tên tệp/],
      [`fileName=..%2F${talk.fileName}&start=0&end=5`, /Tên tệp/],
      [`fileName=${talk.transcript}&start=0&end=5`, /Tên tệp/],
      [`fileName=khong-co.mp3&start=0&end=5`, /Không có bài pháp âm/],
      [`fileName=${talk.fileName}&start=5&end=5`, /bắt đầu phải trước/],
      [`fileName=${talk.fileName}&start=9&end=3`, /bắt đầu phải trước/],
      [`fileName=${talk.fileName}&start=-1&end=3`, /số giây/],
      [`fileName=${talk.fileName}&start=abc&end=3`, /số giây/],
      [`fileName=${talk.fileName}&start=0&end=${talk.durationSeconds + 1}`, /vượt quá độ dài/],
      [`fileName=${talk.fileName}&start=0&end=601`, /tối đa 10 phút/],
      [`start=0&end=5`, /bắt buộc|Tên tệp/],
      // Plain decimal seconds only: no hexadecimal, exponent, sign or blank.
      [`fileName=${talk.fileName}&start=0x10&end=20`, /số thập phân/],
      [`fileName=${talk.fileName}&start=0&end=1e1`, /số thập phân/],
      [`fileName=${talk.fileName}&start=+1&end=5`, /số thập phân/],
      [`fileName=${talk.fileName}&start=&end=5`, /số thập phân|bắt buộc/],
      [`fileName=${talk.fileName}&start=1.&end=5`, /số thập phân/],
      // A clip shorter than a second is refused (MP3 frames are about 26 ms).
      [`fileName=${talk.fileName}&start=10&end=10.5`, /ít nhất 1 giây/],
      [`fileName=${talk.fileName}&start=10&end=10.001`, /ít nhất 1 giây/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/v1/public/audio/split/?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { errorMessage: string; fields?: Record<string, string> };
      expect(`${body.errorMessage} ${Object.values(body.fields ?? {}).join(' ')}`, query).toMatch(message);
    }
    // Exactly one second, in plain decimals, is a clip.
    expect((await get(`/api/v1/public/audio/split/?fileName=${talk.fileName}&start=10.0&end=11`)).status).toBe(200);
  });

  it('continues listening from the account: the talk listened to last on any device, if still published', async () => {
    const token = await registerReader(t);
    const user = (await t.services.auth.authenticate(token))!;
    expect(await t.services.audio.lastListened(user.id)).toBeNull();
    const list = ZAudioCollectionsResponseSchema.parse(await (await get('/api/v1/public/audio_collections')).json());
    const collectionId = list.data.items[0]!.id;
    const { talks } = ZAudioCollectionResponseSchema.parse(
      await (await get(`/api/v1/public/audio_collection/${collectionId}`)).json(),
    ).data;
    const [first, second] = talks;
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, seconds)).toISOString();
    const repos = createRepositories(t.db.database.db);
    await repos.playback.set(user.id, 'sach-thu', 5000, at(30)); // a book's record is not a talk
    await repos.playback.set(user.id, talkPlaybackCode(second!.id), 21_500, at(10));
    await repos.playback.set(user.id, talkPlaybackCode(first!.id), 12_000, at(20));
    expect(await t.services.audio.lastListened(user.id)).toEqual({
      talkId: first!.id,
      title: first!.title,
      albumTitle: list.data.items[0]!.title,
      duration: first!.duration,
      pageUrl: talkPath(collectionId, first!.id),
      at: 12,
    });
    // Later on another device: the second talk.
    await repos.playback.set(user.id, talkPlaybackCode(second!.id), 25_000, at(40));
    expect((await t.services.audio.lastListened(user.id))?.talkId).toBe(second!.id);
    // Another reader's record is theirs alone.
    const other = (await t.services.auth.authenticate(await registerReader(t)))!;
    expect(await t.services.audio.lastListened(other.id)).toBeNull();
  });
});
