/**
 * A route whose page is the same for every anonymous reader exports one of these as `headers`:
 * shared caches (a CDN, nginx, and the process's own, server/page-cache/page-cache.ts) may keep it
 * for `s-maxage` seconds; browsers ask again each time (`max-age=0`) and get a 304 when it is
 * unchanged. The process's cache drops it at once when content changes; a proxy in front keeps it
 * up to `s-maxage`. No `stale-while-revalidate`: a browser would show a page kept from before its
 * reader logged in or out.
 * Readers with a session never get a kept page (docs/deploy.md, "Caching").
 */
export function cacheablePageHeaders() {
  return { 'Cache-Control': 'public, max-age=0, s-maxage=60' };
}

/**
 * The home page: its seven suggestions and passage are drawn at random, so the process keeps 16
 * draws (`X-Page-Variants`), each for 30 s, and gives one of them at random.
 */
export function cacheableHomeHeaders() {
  return { 'Cache-Control': 'public, max-age=0, s-maxage=30', 'X-Page-Variants': '16' };
}
