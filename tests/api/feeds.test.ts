import { XMLParser } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBookInputSchema } from '#common/contracts/book-admin.schema.ts';
import { ZCreateNoteRequestSchema } from '#common/contracts/note.schema.ts';
import { ZVideosQuerySchema } from '#common/contracts/video.schema.ts';
import { podcastGuidOf } from '#server/feeds/uuid-v5.ts';
import { createFeedRoutes } from '#server/feeds/feed.routes.ts';
import { availableEngines } from '../support/databases.ts';
import { apiClient } from '../support/api-client.ts';
import { chaptersOfTranscript } from '#server/feeds/podcast-chapters.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ORIGIN = 'https://phapbao.example.org';
const CONTACT = 'lienhe@phapbao.example.org';
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'item'].includes(name),
});

interface UrlSet {
  urlset: { url: { loc: string; lastmod: string }[] };
}

describe.each(engines)('podcast and news feeds, sitemap and robots.txt on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_URL: ORIGIN, CONTACT_EMAIL: CONTACT } });
  });
  afterAll(async () => {
    await t.close();
  });
  // A forged Host header: the feeds' addresses come from PUBLIC_URL all the same.
  const get = (path: string) => t.app.request(path, { headers: { host: 'attacker.example' } });

  it('gives each talk collection a podcast feed with owner, type, guid, lock and a transcript per episode', async () => {
    const { items: collections } = await t.services.audio.listCollections(1, 100);
    expect(collections.length).toBeGreaterThan(0);
    for (const collection of collections) {
      const res = await get(`/phap-am/${collection.id}/rss`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/rss+xml');
      const feed = parseFeed(await res.text());
      expect(feed, `feed of ${collection.id}`).not.toBeNull();
      expect(feed!.title).toBe(collection.title);
      expect(feed!.owner).toEqual({ name: 'Pháp Bảo', email: CONTACT });
      expect(feed!.itunesType).toBe('episodic');
      // A stable UUIDv5 of the feed's address (Podcast Namespace), the same on every fetch.
      const self = `${ORIGIN}/phap-am/${collection.id}/rss`;
      expect(feed!.guid).toBe(podcastGuidOf(self));
      expect(feed!.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseFeed(await (await get(`/phap-am/${collection.id}/rss`)).text())!.guid).toBe(feed!.guid);
      expect(feed!.locked).toBe(false);

      const { talks } = (await t.services.audio.findCollection(collection.id))!;
      expect(feed!.items.map((i) => i.title)).toEqual(talks.map((talk) => talk.title));
      for (const [i, item] of feed!.items.entries()) {
        const talk = talks[i]!;
        expect(item.enclosure.url).toBe(`${ORIGIN}${talk.url}`);
        expect(item.duration).toBe(talk.duration);
        expect(talk.transcriptUrl).not.toBeNull();
        expect(item.podcastTranscripts).toEqual([
          expect.objectContaining({ url: `${ORIGIN}${talk.transcriptUrl}`, type: 'text/vtt' }),
        ]);
        // The transcript named is the stored WebVTT.
        const vtt = await t.app.request(new URL(item.podcastTranscripts![0]!.url).pathname);
        expect(vtt.status).toBe(200);
        const vttText = await vtt.text();
        expect(vttText.startsWith('WEBVTT')).toBe(true);
        // …and its chapters file, made from that transcript.
        expect(item.podcastChapters).toEqual({
          url: `${ORIGIN}/phap-am/${collection.id}/${talk.id}/chapters.json`,
          type: 'application/json+chapters',
        });
        const chapters = await t.app.request(new URL(item.podcastChapters!.url).pathname);
        expect(chapters.status).toBe(200);
        expect(chapters.headers.get('content-type')).toContain('application/json+chapters');
        expect(await chapters.json()).toEqual({
          version: '1.2.0',
          title: talk.title,
          chapters: chaptersOfTranscript(vttText),
        });
      }
    }
  });

  it('names the headings of an uploaded transcript as the talk’s chapters, and answers 404 for others', async () => {
    const { token: admin } = await loginAdmin(t);
    const { items: collections } = await t.services.audio.listCollections(1, 100);
    const [collection, other] = collections;
    const talk = (await t.services.audio.findCollection(collection!.id))!.talks[0]!;
    const form = new FormData();
    const source = [
      'WEBVTT',
      '1\n00:00.000 --> 00:04.000\nKính thưa đại chúng.',
      'Phần 1: Khổ đế\n00:04.000 --> 00:09.000\nĐời là khổ.',
      'Phần 2: Tập đế\n00:09.000 --> 00:15.000\nKhổ có nguyên nhân.',
    ].join('\n\n');
    form.append('transcript', new File([source], 'tu-de.vtt'));
    const put = await apiClient(t).put(`/admin/talk/${talk.id}/transcript`, form, { as: admin });
    expect(put.status).toBe(200);
    const feed = parseFeed(await (await get(`/phap-am/${collection!.id}/rss`)).text())!;
    const item = feed.items.find((i) => i.title === talk.title)!;
    const res = await t.app.request(new URL(item.podcastChapters!.url).pathname);
    expect((await res.json()).chapters).toEqual([
      { startTime: 0, title: 'Mở đầu' },
      { startTime: 4, title: 'Phần 1: Khổ đế' },
      { startTime: 9, title: 'Phần 2: Tập đế' },
    ]);
    // The talk's page carries the same timed contents for the player.
    const page = await t.services.audio.findCollectionPage(collection!.id, talk.id);
    expect(page!.chapters.map((c) => c.title)).toEqual(['Mở đầu', 'Phần 1: Khổ đế', 'Phần 2: Tập đế']);

    const wrongCollection = other ? `/phap-am/${other.id}/${talk.id}/chapters.json` : null;
    for (const path of [
      wrongCollection,
      `/phap-am/${collection!.id}/999999/chapters.json`,
      `/phap-am/x/1/chapters.json`,
    ]) {
      if (!path) continue;
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).toBe('Không tìm thấy mục lục của bài pháp âm này.');
    }
  });

  it('answers an unknown or malformed collection with a Vietnamese 404', async () => {
    for (const path of ['/phap-am/999999/rss', '/phap-am/0/rss', '/phap-am/abc/rss', '/phap-am/99999999999/rss']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Không tìm thấy tuyển tập pháp âm này.');
    }
  });

  it('dates the demo articles with their own publication dates in the news feed, newest first', async () => {
    const res = await get('/tin-tuc/rss');
    expect(res.status).toBe(200);
    const rss = xmlParser.parse(await res.text()) as {
      rss: { channel: { item: { link: string; pubDate: string }[] } };
    };
    const items = rss.rss.channel.item;
    expect(items.length).toBe(30);
    const dates = items.map((i) => Date.parse(i.pubDate));
    expect(new Set(dates).size).toBe(items.length);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // Spread over the past, never the import's instant.
    for (const date of dates) expect(date).toBeLessThan(Date.now() - 24 * 3600 * 1000);
    for (const item of items) expect(item.link).toMatch(new RegExp(`^${ORIGIN}/tin-tuc/[a-z0-9-]+$`));
    const newest = await t.services.articles.findArticle(items[0]!.link.split('/').pop()!);
    expect(Date.parse(newest!.publishedAt)).toBe(dates[0]);
  });

  it('lists every published book, chapter, talk, video, article, compilation and public note group in the sitemap', async () => {
    // A draft book and a published note group, made here.
    const { user: adminUser } = await t.services.auth.createOrPromoteAdmin('quantri-sitemap', 'mat-khau-quan-tri');
    const draft = await t.services.bookAdmin.createBook(
      adminUser,
      ZBookInputSchema.parse({ title: 'Sách nháp chưa in' }),
    );
    const reader = await registerReader(t);
    const readerUser = (await t.services.auth.authenticate(reader))!;
    const group = await t.services.noteGroups.create(readerUser.id, { name: 'Lời hay ý đẹp' });
    await t.services.notes.create(
      readerUser.id,
      ZCreateNoteRequestSchema.parse({
        content: 'Tâm bình thế giới bình.',
        sourceTitle: 'Lời dạy',
        color: 'yellow',
        noteGroupId: group.id,
      }),
    );
    const privateGroup = await t.services.noteGroups.create(readerUser.id, { name: 'Riêng tư' });
    await t.services.noteGroups.update(readerUser.id, group.id, { isPublic: true });
    await t.services.noteGroups.decide(adminUser, group.id, { decision: 'approve' });

    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const { urlset } = xmlParser.parse(await res.text()) as UrlSet;
    const locs = urlset.url.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const url of urlset.url) {
      expect(url.loc.startsWith(`${ORIGIN}/`), url.loc).toBe(true);
      expect(Number.isNaN(Date.parse(url.lastmod)), url.lastmod).toBe(false);
    }
    const expected: string[] = [`${ORIGIN}/`, `${ORIGIN}/thu-vien`];
    for (const book of await t.services.library.listCatalogue()) {
      expected.push(`${ORIGIN}/sach/${book.code}`);
      for (const chapter of book.toc) expected.push(`${ORIGIN}/${chapter.code}/${book.code}`);
    }
    for (const collection of (await t.services.audio.listCollections(1, 100)).items) {
      expected.push(`${ORIGIN}/phap-am/${collection.id}`);
      for (const talk of (await t.services.audio.findCollection(collection.id))!.talks) {
        expected.push(`${ORIGIN}/phap-am/${collection.id}?nghe=${talk.id}`);
      }
    }
    const videos = await t.services.videos.list(ZVideosQuerySchema.parse({ per_page: 50 }));
    for (const video of videos.items) expected.push(`${ORIGIN}/videos?xem=${video.slug}`);
    for (const article of (await t.services.articles.listArticles(1, 100)).items) {
      expected.push(`${ORIGIN}/tin-tuc/${article.slug}`);
    }
    const compilations = (await t.services.compilations.listCompilations(1, 100)).items;
    for (const compilation of compilations) expected.push(`${ORIGIN}/tong-hop/${compilation.id}`);
    const user = await t.services.auth.authenticate(reader);
    expected.push(`${ORIGIN}/danh-sach/${encodeURIComponent(user!.username)}/${group.id}`);
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(videos.items.length).toBeGreaterThan(0);
    expect(compilations.length).toBeGreaterThan(0);
    expect(locs.some((l) => l.includes(draft.code))).toBe(false);
    expect(locs.some((l) => l.endsWith(`/${privateGroup.id}`) && l.includes('/danh-sach/'))).toBe(false);
  });

  it('splits a sitemap past its limit into parts under an index', async () => {
    const feeds = createFeedRoutes(t.services, { maxSitemapUrls: 40 });
    const whole = xmlParser.parse(await (await get('/sitemap.xml')).text()) as UrlSet;
    const total = whole.urlset.url.length;
    expect(total).toBeGreaterThan(40);
    const index = xmlParser.parse(await (await feeds.request('/sitemap.xml')).text()) as {
      sitemapindex: { sitemap: { loc: string; lastmod: string }[] };
    };
    const parts = index.sitemapindex.sitemap;
    expect(parts.map((p) => p.loc)).toEqual(
      Array.from({ length: Math.ceil(total / 40) }, (_, i) => `${ORIGIN}/sitemap-${i + 1}.xml`),
    );
    const joined: string[] = [];
    for (const part of parts) {
      const res = await feeds.request(new URL(part.loc).pathname);
      expect(res.status).toBe(200);
      const set = xmlParser.parse(await res.text()) as UrlSet;
      expect(set.urlset.url.length).toBeLessThanOrEqual(40);
      expect(part.lastmod).toBe(
        set.urlset.url
          .map((u) => u.lastmod)
          .sort()
          .at(-1),
      );
      joined.push(...set.urlset.url.map((u) => u.loc));
    }
    expect(joined).toEqual(whole.urlset.url.map((u) => u.loc));
    // While everything fits, there are no parts.
    expect((await get('/sitemap-1.xml')).status).toBe(404);
  });

  it('names the sitemap by its absolute address in robots.txt', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain('Disallow: /profile');
    expect(lines).toContain('Disallow: /api/');
  });
});
