import { Hono } from 'hono';
import { SITE_NAME } from '#common/constants.ts';
import { COLLECTION_NOT_FOUND } from '#server/services/audio.service.ts';
import { AppError } from '#server/errors.ts';
import type { Services } from '#server/services/index.ts';
import { renderNewsFeed } from './news-feed.ts';
import { ZOpdsQuerySchema, OPDS_MESSAGES } from '#common/contracts/opds.schema.ts';
import { QUOTE_CARD_MESSAGES, ZQuoteCardQuerySchema } from '#common/contracts/quote-card.schema.ts';
import {
  ACQUISITION,
  OPDS_ALL_PATH,
  OPDS_NEW_PATH,
  OPDS_OPENSEARCH_PATH,
  OPDS_PATH,
  OPDS_SEARCH_PATH,
  renderOpdsBooks,
  renderOpdsRoot,
  renderOpenSearch,
} from './opds.ts';
import { renderChaptersJson } from './podcast-chapters.ts';
import { renderPodcastFeed } from './podcast-feed.ts';
import {
  renderRobotsTxt,
  renderSitemapIndex,
  renderUrlSet,
  SITEMAP_MAX_URLS,
  sitemapPart,
  sitemapPartCount,
  sitemapPartPath,
} from './sitemap.ts';

const TALK_CHAPTERS_NOT_FOUND = 'Không tìm thấy mục lục của bài pháp âm này.';

/** A positive id that fits an integer column, else null. */
function idOf(text: string): number | null {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  return id !== null && id <= 2_147_483_647 ? id : null;
}

/** How many of the newest articles the news feed carries. */
const NEWS_FEED_SIZE = 30;
const FEED_HEADERS = { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=600' };
const SITEMAP_HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

/**
 * The site's machine-read documents, made on the server from the services, with absolute
 * addresses on the configured origin (never the Host header): the podcast feed of each talk
 * collection, the news feed, the sitemap (an index of parts past SITEMAP_MAX_URLS addresses) and
 * robots.txt, which names the sitemap.
 */
export function createFeedRoutes(services: Services, options: { maxSitemapUrls?: number } = {}) {
  const maxUrls = options.maxSitemapUrls ?? SITEMAP_MAX_URLS;
  const app = new Hono();
  const originOf = (url: string) => services.site.originFor(url);

  app.get('/phap-am/:id/rss', async (c) => {
    const id = /^[1-9]\d{0,9}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : null;
    const found = id !== null && id <= 2_147_483_647 ? await services.audio.findCollection(id) : null;
    if (!found) throw new AppError('NOT_FOUND', COLLECTION_NOT_FOUND);
    const owner = { name: SITE_NAME, email: services.site.links.contactEmail };
    return c.body(renderPodcastFeed(found, originOf(c.req.url), owner), 200, FEED_HEADERS);
  });

  // The chapters file each episode of a feed names (`podcast:chapters`), from its transcript.
  app.get('/phap-am/:id/:talk/chapters.json', async (c) => {
    const [collectionId, talkId] = [idOf(c.req.param('id')), idOf(c.req.param('talk'))];
    const found = collectionId && talkId ? await services.audio.chaptersOf(collectionId, talkId) : null;
    if (!found) throw new AppError('NOT_FOUND', TALK_CHAPTERS_NOT_FOUND);
    return c.body(renderChaptersJson(found.chapters, found.title), 200, {
      'content-type': 'application/json+chapters; charset=utf-8',
      'cache-control': 'public, max-age=600',
      'access-control-allow-origin': '*',
    });
  });

  // The OPDS 1.2 catalog (docs/decisions/0032-take-it-with-you.md): readers' apps list, search
  // and download the books as EPUB.
  const opdsHeaders = (kind: string) => ({
    'content-type': `${kind}; charset=utf-8`,
    'cache-control': 'public, max-age=600',
  });
  const opdsQuery = (url: string) => {
    const parsed = ZOpdsQuerySchema.safeParse(Object.fromEntries(new URL(url).searchParams));
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? OPDS_MESSAGES.badQuery);
    return parsed.data;
  };
  app.get(OPDS_PATH, async (c) => {
    const origin = originOf(c.req.url);
    const { allBooks, updated } = await services.bookExport.catalogPage({ order: 'title', page: 1, origin });
    const kind = 'application/atom+xml;profile=opds-catalog;kind=navigation';
    return c.body(renderOpdsRoot(origin, updated, allBooks), 200, opdsHeaders(kind));
  });
  for (const [path, order, title] of [
    [OPDS_ALL_PATH, 'title', 'Tất cả sách'],
    [OPDS_NEW_PATH, 'newest', 'Sách mới'],
  ] as const) {
    app.get(path, async (c) => {
      const { page } = opdsQuery(c.req.url);
      const origin = originOf(c.req.url);
      const found = await services.bookExport.catalogPage({ order, page, origin });
      const body = renderOpdsBooks({
        origin,
        title,
        path,
        books: found.books,
        page,
        perPage: found.perPage,
        total: found.total,
      });
      return c.body(body, 200, opdsHeaders(ACQUISITION));
    });
  }
  app.get(OPDS_SEARCH_PATH, async (c) => {
    const { page, q } = opdsQuery(c.req.url);
    if (!q) throw new AppError('VALIDATION_FAILED', OPDS_MESSAGES.emptySearch, { q: OPDS_MESSAGES.emptySearch });
    const origin = originOf(c.req.url);
    const found = await services.bookExport.catalogPage({ order: 'title', page, query: q, origin });
    const body = renderOpdsBooks({
      origin,
      title: `Tìm “${q}”`,
      path: OPDS_SEARCH_PATH,
      params: { q },
      books: found.books,
      page,
      perPage: found.perPage,
      total: found.total,
    });
    return c.body(body, 200, opdsHeaders(ACQUISITION));
  });
  app.get(OPDS_OPENSEARCH_PATH, (c) =>
    c.body(renderOpenSearch(originOf(c.req.url)), 200, opdsHeaders('application/opensearchdescription+xml')),
  );

  // A passage of a chapter as a picture to share (link previews show it: the chapter page's og:image).
  app.get('/the-trich/:chapter/:file{p-[0-9]{1,5}\\.png}', async (c) => {
    const parsed = ZQuoteCardQuerySchema.safeParse(c.req.query());
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', QUOTE_CARD_MESSAGES.range, { den: QUOTE_CARD_MESSAGES.range });
    const range = {
      paragraph: c.req.param('file').slice(0, -'.png'.length),
      start: parsed.data.tu,
      end: parsed.data.den,
    };
    const card = await services.quoteCards.cardOf(c.req.param('chapter').normalize('NFC'), range);
    if (c.req.header('if-none-match') === card.etag) return c.body(null, 304, { etag: card.etag });
    return c.body(new Uint8Array(card.png), 200, {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
      etag: card.etag,
    });
  });

  // Every published book as EPUB 3, made from its stored chapters.
  app.get('/sach/:file{[^/]+\\.epub}', async (c) => {
    const code = c.req.param('file').slice(0, -'.epub'.length).normalize('NFC');
    const file = await services.bookExport.epubOf(code, originOf(c.req.url));
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, { etag: file.etag });
    return c.body(file.bytes, 200, {
      'content-type': 'application/epub+zip',
      'content-disposition': `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'public, max-age=600',
      etag: file.etag,
    });
  });

  // The cover drawn for a book without one: the OPDS catalog's picture of it (its EPUB carries the same).
  app.get('/sach/:file{[^/]+\\.jpg}', async (c) => {
    const cover = await services.bookExport.drawnCoverOf(c.req.param('file').slice(0, -'.jpg'.length).normalize('NFC'));
    if (c.req.header('if-none-match') === cover.etag) return c.body(null, 304, { etag: cover.etag });
    return c.body(new Uint8Array(cover.bytes), 200, {
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=86400',
      etag: cover.etag,
    });
  });

  app.get('/tin-tuc/rss', async (c) => {
    const { items } = await services.articles.listArticles(1, NEWS_FEED_SIZE);
    return c.body(renderNewsFeed(items, originOf(c.req.url)), 200, FEED_HEADERS);
  });

  app.get('/robots.txt', (c) =>
    c.body(renderRobotsTxt(originOf(c.req.url)), 200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    }),
  );

  app.get('/sitemap.xml', async (c) => {
    const origin = originOf(c.req.url);
    const entries = await services.sitemap.listEntries();
    const count = sitemapPartCount(entries.length, maxUrls);
    if (count === 1) return c.body(renderUrlSet(entries, origin), 200, SITEMAP_HEADERS);
    const parts = Array.from({ length: count }, (_, i) => ({
      path: sitemapPartPath(i + 1),
      lastmod: sitemapPart(entries, i + 1, maxUrls).reduce((max, e) => (e.lastmod > max ? e.lastmod : max), ''),
    }));
    return c.body(renderSitemapIndex(parts, origin), 200, SITEMAP_HEADERS);
  });

  app.get('/:file{sitemap-[1-9][0-9]{0,5}\\.xml}', async (c) => {
    const n = Number(/\d+/.exec(c.req.param('file'))![0]);
    const entries = await services.sitemap.listEntries();
    // One file holds everything while it fits: /sitemap.xml, then, and only then, parts.
    if (sitemapPartCount(entries.length, maxUrls) === 1 || n > sitemapPartCount(entries.length, maxUrls)) {
      throw new AppError('NOT_FOUND', 'Không có phần sơ đồ trang này.');
    }
    return c.body(renderUrlSet(sitemapPart(entries, n, maxUrls), originOf(c.req.url)), 200, SITEMAP_HEADERS);
  });

  return app;
}
