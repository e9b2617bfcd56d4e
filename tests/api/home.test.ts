import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_PASSAGE_MAX_CHARACTERS, HOME_KEYWORD_COUNT } from '#common/constants.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZHomePageDataResponseSchema } from '#common/contracts/home.schema.ts';
import { ZHomeKeywordsResponseSchema } from '#common/contracts/keyword.schema.ts';
import { DEFAULT_HOME_KEYWORDS } from '#server/db/defaults/home-keywords.ts';
import { factories } from '../factories/tables.ts';
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
    // A book of its own, in a library of its own (the demo's counts stay as they are here).
    const own = await createTestApp(engine, { demo: false });
    try {
      const made = await factories(own).book({ title: 'Kinh mới đăng thử' });
      const newest = (
        await (
          await own.app.request('/api/v1/public/home_page_data', {
            method: 'POST',
            body: '{"limit": 24}',
            headers: { 'content-type': 'application/json' },
          })
        ).json()
      ).data.newestBooks.find((b: { code: string }) => b.code === made.code);
      expect(newest).toMatchObject({
        title: 'Kinh mới đăng thử',
        chapterCount: made.chapters.length,
        firstChapterCode: made.chapters[0]!.code,
      });
    } finally {
      await own.close();
    }
    // A passage: lines of one topic, in order.
    const passage = data.featuredPassage!;
    expect(passage.lines.length).toBeGreaterThan(0);
    for (const line of passage.lines) {
      expect(line.topic).toBe(passage.topic);
      expect(line.sinoVietnamese ?? line.pali).toBeTruthy();
      // Every line says in plain Vietnamese what it means.
      expect(line.meaning).toMatch(/[a-zà-ỹđ]/i);
    }
  });

  it('gives every demo quote a plain Vietnamese meaning, and leaves a passage without one out of rotation', async () => {
    const quotes = await t.db.database.db.selectFrom('quotes').select(['code', 'topic', 'meaning']).execute();
    expect(quotes.length).toBe(42);
    expect(quotes.filter((q) => !q.meaning)).toEqual([]);
    // A topic with one line lacking its meaning is never the passage of the day.
    await t.db.database.db.updateTable('quotes').set({ meaning: null }).where('topic', '=', 'Ngũ Giới').execute();
    try {
      for (let i = 0; i < 40; i++) {
        const res = await t.app.request('/api/v1/public/home_page_data', { method: 'POST' });
        const { data } = ZHomePageDataResponseSchema.parse(await res.json());
        expect(data.featuredPassage!.topic).not.toBe('Ngũ Giới');
        expect(data.featuredPassage!.lines.every((l) => l.meaning)).toBe(true);
      }
    } finally {
      // The next start writes the meanings back (fillQuoteMeanings); so does this.
      expect(await t.services.demoImport.fillQuoteMeanings()).toBe(5);
    }
    expect(await t.services.demoImport.fillQuoteMeanings()).toBe(0);
  });

  it('the featured passage holds its whole topic when short, and consecutive lines within the budget when long', async () => {
    const all = await t.db.database.db
      .selectFrom('quotes')
      .select(['code', 'topic', 'meaning'])
      .orderBy('id')
      .execute();
    const seen = new Map<string | null, number>();
    for (let i = 0; i < 40; i++) {
      const res = await t.app.request('/api/v1/public/home_page_data', { method: 'POST' });
      const { data } = ZHomePageDataResponseSchema.parse(await res.json());
      const passage = data.featuredPassage!;
      seen.set(passage.topic, passage.lines.length);
      const topicLines = all.filter((q) => q.topic === passage.topic).map((q) => q.code);
      const codes = passage.lines.map((l) => l.code);
      const first = topicLines.indexOf(codes[0]!);
      // Lines in their order, one run without gaps.
      expect(codes).toEqual(topicLines.slice(first, first + codes.length));
      const characters = passage.lines.reduce((n, l) => n + (l.meaning?.length ?? 0), 0);
      expect(characters).toBeLessThanOrEqual(FEATURED_PASSAGE_MAX_CHARACTERS);
    }
    // "Ngũ Giới" (five short lines) and "tán thán Pháp" (one line) fit whole.
    if (seen.has('Ngũ Giới')) expect(seen.get('Ngũ Giới')).toBe(5);
    if (seen.has('tán thán Pháp')) expect(seen.get('tán thán Pháp')).toBe(1);
    // "tán thán Phật" (six lines, 490 characters) never comes whole.
    if (seen.has('tán thán Phật')) expect(seen.get('tán thán Phật')).toBeLessThan(6);
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
