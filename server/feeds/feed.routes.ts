import { Hono } from 'hono';
import { SITE_NAME } from '#common/constants.ts';
import { COLLECTION_NOT_FOUND } from '#server/services/audio.service.ts';
import { AppError } from '#server/errors.ts';
import type { Services } from '#server/services/index.ts';
import { renderNewsFeed } from './news-feed.ts';
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
