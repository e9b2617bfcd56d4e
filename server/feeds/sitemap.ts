import type { SitemapEntry } from '#server/services/sitemap.service.ts';
import { xmlText as xml } from './xml.ts';

/** The sitemaps protocol's limit of addresses in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Where part `n` (from 1) of a sitemap split by an index is served. */
export function sitemapPartPath(n: number): string {
  return `/sitemap-${n}.xml`;
}

/** How many files the entries take: one while they fit, else the parts an index points at. */
export function sitemapPartCount(entryCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(entryCount / maxUrls));
}

/** The entries of part `n` (from 1). */
export function sitemapPart<T>(entries: readonly T[], n: number, maxUrls = SITEMAP_MAX_URLS): T[] {
  return entries.slice((n - 1) * maxUrls, n * maxUrls);
}

/** A `<urlset>`: absolute addresses on `origin`, each with its lastmod. */
export function renderUrlSet(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries
    .map((e) => `  <url><loc>${xml(`${origin}${e.path}`)}</loc><lastmod>${xml(e.lastmod)}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}

/** A `<sitemapindex>` of the parts, each dated by the newest lastmod it holds. */
export function renderSitemapIndex(parts: readonly { path: string; lastmod: string }[], origin: string): string {
  const items = parts
    .map((p) => `  <sitemap><loc>${xml(`${origin}${p.path}`)}</loc><lastmod>${xml(p.lastmod)}</lastmod></sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${items}
</sitemapindex>
`;
}

/** robots.txt: the private parts closed to crawlers, and the sitemap's absolute address. */
export function renderRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /profile',
    'Disallow: /api/',
    'Disallow: /quan-tri',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
