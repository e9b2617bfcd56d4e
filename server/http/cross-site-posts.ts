import type { Context } from 'hono';
import { CROSS_SITE_POST } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';

/** Methods that change something; only these can be forged across sites. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a browser says the request comes from another site: `Sec-Fetch-Site` other than
 * same-origin / none (typed or bookmarked), or an `Origin` other than the site's own (`null`
 * included: a sandboxed frame or a redirect chain hides where it came from). A request with
 * neither header is not a browser's cross-site one (every current browser sends Origin on a POST).
 */
export function isCrossSiteRequest(headers: Headers, siteOrigin: string): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = headers.get('origin');
  return origin !== null && origin !== siteOrigin;
}

/**
 * Page actions (forms, fetchers, the resource routes' uploads) are authenticated by the session
 * cookie, so another site could make a reader's browser post them. `SameSite=Lax` keeps the cookie
 * off most such posts; this refuses the rest — same-site subdomains, old browsers — for every page
 * path, resource routes included (React Router checks Origin for page actions only). The API is
 * outside: it reads the token from the x-token header, which no other site can make a browser send.
 */
export function refuseCrossSitePosts() {
  return async (c: Context, next: () => Promise<void>) => {
    const path = c.req.path;
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!SAFE_METHODS.has(c.req.method) && !isApi && isCrossSiteRequest(c.req.raw.headers, new URL(c.req.url).origin)) {
      throw new AppError('FORBIDDEN', CROSS_SITE_POST);
    }
    await next();
  };
}
