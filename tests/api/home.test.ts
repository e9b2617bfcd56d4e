import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_KEYWORD_COUNT } from '#common/constants.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZHomePageDataResponseSchema } from '#common/contracts/home.schema.ts';
import { ZHomeKeywordsResponseSchema } from '#common/contracts/keyword.schema.ts';
import { DEFAULT_HOME_KEYWORDS } from '#server/db/defaults/home-keywords.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, DEMO_DIR, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const demoCompilations = (
  JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'compilations.json'), 'utf8')) as { compilations: unknown[] }
).compilations;
const demoVideos = (JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'videos.json'), 'utf8')) as { videos: unknown[] })
  .videos;

describe.each(engines)('home API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
    t.app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it('GET /public/search/keywords lists the 70 suggestions, single keywords and keyword lists', async () => {
    const res = await t.app.request('/api/v1/public/search/keywords');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = ZHomeKeywordsResponseSchema.parse(await res.json());
    expect(body.data).toHaveLength(HOME_KEYWORD_COUNT);
    expect(body.data).toEqual(DEFAULT_HOME_KEYWORDS);
    const singles = body.data.filter((k) => 'keyword' in k);
    const lists = body.data.filter((k) => 'keywords' in k);
    expect(singles.length).toBeGreaterThan(0);
    expect(lists.length).toBeGreaterThan(0);
    for (const entry of lists) expect('keywords' in entry && entry.keywords.length).toBeGreaterThanOrEqual(2);
    // Every text is NFC.
    for (const entry of body.data) {
      const terms = 'keyword' in entry ? [entry.keyword] : entry.keywords;
      for (const term of terms) expect(term).toBe(term.normalize('NFC'));
    }
  });

  it('POST /public/home_page_data without a body returns the newest content and the counts', async () => {
    const res = await t.app.request('/api/v1/public/home_page_data', { method: 'POST' });
    expect(res.status).toBe(200);
    const { data } = ZHomePageDataResponseSchema.parse(await res.json());
    expect(data.counts).toEqual({
      books: 9,
      talks: 8,
      videos: demoVideos.length,
      compilations: demoCompilations.length,
      articles: 32,
    });
    expect(data.newestBooks).toHaveLength(6);
    expect(data.newestArticles).toHaveLength(6);
    expect(data.newestTalks.length).toBeGreaterThan(0);
    expect(data.newestTalks.every((talk) => talk.durationSeconds > 0)).toBe(true);
    const kimCang = (
      await (await postJson('/api/v1/public/home_page_data', '{"limit": 24}')).json()
    ).data.newestBooks.find((b: { code: string }) => b.code === 'kinh-kim-cang');
    expect(kimCang).toMatchObject({
      title: 'Kinh Kim Cang (phiên âm Hán-Việt)',
      chapterCount: 32,
      firstChapterCode: 'kinh-kim-cang-1',
    });
    // A whole passage: every line of one topic, in order.
    const passage = data.featuredPassage!;
    expect(passage.lines.length).toBeGreaterThan(0);
    for (const line of passage.lines) {
      expect(line.topic).toBe(passage.topic);
      expect(line.sinoVietnamese ?? line.pali).toBeTruthy();
    }
  });

  it('the featured passage holds all lines of its topic', async () => {
    const seen = new Map<string | null, number>();
    for (let i = 0; i < 12; i++) {
      const res = await t.app.request('/api/v1/public/home_page_data', { method: 'POST' });
      const { data } = ZHomePageDataResponseSchema.parse(await res.json());
      seen.set(data.featuredPassage!.topic, data.featuredPassage!.lines.length);
    }
    // "Ngũ Giới" has five lines, "tán thán Pháp" one: each passage keeps its own length.
    for (const [topic, length] of seen) {
      if (topic === 'Ngũ Giới') expect(length).toBe(5);
      if (topic === 'tán thán Pháp') expect(length).toBe(1);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('POST /public/home_page_data honours limit and rejects bad input with Vietnamese field messages', async () => {
    const limited = await postJson('/api/v1/public/home_page_data', JSON.stringify({ limit: 2 }));
    expect(limited.status).toBe(200);
    const { data } = ZHomePageDataResponseSchema.parse(await limited.json());
    expect(data.newestBooks).toHaveLength(2);
    expect(data.newestArticles).toHaveLength(2);

    for (const bad of [{ limit: 0 }, { limit: 1000 }, { limit: 'ba' }, { limit: 2.5 }, { unknown: true }]) {
      const res = await postJson('/api/v1/public/home_page_data', JSON.stringify(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = ZErrorResponseSchema.parse(await res.json());
      expect(body.errorCode).toBe('VALIDATION_FAILED');
      expect(body.errorMessage).toBe('Thông tin gửi lên chưa hợp lệ, xin kiểm tra lại.');
      expect(Object.keys(body.fields ?? {})).not.toHaveLength(0);
    }
  });

  it('a malformed JSON body is a 400 with a Vietnamese message, not a 500', async () => {
    for (const body of ['{"limit": ', 'không phải JSON', '[1,2', '']) {
      const res = await postJson('/api/v1/public/home_page_data', body);
      expect(res.status, body).toBe(400);
      const json = ZErrorResponseSchema.parse(await res.json());
      expect(json.errorCode, body).toMatch(/MALFORMED_JSON|VALIDATION_FAILED/);
      expect(json.errorMessage).toMatch(/[ạ-ỹ]/);
    }
  });

  it('a body over 1 MB is refused with 413', async () => {
    const big = JSON.stringify({ limit: 1, padding: 'x'.repeat(1024 * 1024 + 10) });
    const res = await postJson('/api/v1/public/home_page_data', big, {
      'content-length': String(Buffer.byteLength(big)),
    });
    expect(res.status).toBe(413);
    expect(ZErrorResponseSchema.parse(await res.json())).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE' });

    // Without a Content-Length (a streamed body) the limit holds as well.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await t.app.request('/api/v1/public/home_page_data', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      // @ts-expect-error Node's fetch needs duplex for a streamed body.
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
  });

  it('the demo import runs once: a second run changes nothing', async () => {
    const again = await t.services.demoImport.importOnce();
    expect(again.imported).toBe(false);
    const counts = await t.services.site.countContent();
    expect(counts.books).toBe(9);
    expect(counts.articles).toBe(32);
  });
});
