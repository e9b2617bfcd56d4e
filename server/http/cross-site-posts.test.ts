import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CROSS_SITE_POST } from '#common/messages.ts';
import { isAppError } from '#server/errors.ts';
import { isCrossSiteRequest, refuseCrossSitePosts } from './cross-site-posts.ts';

const SITE = 'http://localhost:3000';

describe('isCrossSiteRequest', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it('takes the site itself, a typed address and clients that say nothing', () => {
    expect(isCrossSiteRequest(headers({ origin: SITE, 'sec-fetch-site': 'same-origin' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(headers({ 'sec-fetch-site': 'none' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(headers({}), SITE)).toBe(false);
  });
  it('refuses another site, a sibling subdomain, a hidden origin and another scheme or port', () => {
    expect(isCrossSiteRequest(headers({ origin: 'https://evil.example' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(headers({ 'sec-fetch-site': 'cross-site' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(headers({ 'sec-fetch-site': 'same-site', origin: SITE }), SITE)).toBe(true);
    expect(isCrossSiteRequest(headers({ origin: 'null' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(headers({ origin: 'https://localhost:3000' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(headers({ origin: 'http://localhost:3001' }), SITE)).toBe(true);
  });
});

describe('refuseCrossSitePosts', () => {
  const app = new Hono();
  app.onError((error, c) => (isAppError(error) ? c.text(error.message, error.status as 403) : c.text('?', 500)));
  app.use(refuseCrossSitePosts());
  app.all('*', (c) => c.text('ok'));
  const send = (method: string, path: string, origin: string) =>
    app.request(`${SITE}${path}`, { method, headers: { origin } });

  it('refuses a foreign post to a page or a resource route, in Vietnamese', async () => {
    for (const path of ['/profile', '/playlist-items', '/quan-tri/phap-am/tai-len']) {
      const res = await send('POST', path, 'https://evil.example');
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(CROSS_SITE_POST);
    }
    expect((await send('DELETE', '/profile', 'https://evil.example')).status).toBe(403);
  });
  it('lets reads, the site’s own posts and the API (token in a header) through', async () => {
    expect((await send('GET', '/profile', 'https://evil.example')).status).toBe(200);
    expect((await send('POST', '/profile', SITE)).status).toBe(200);
    expect((await send('POST', '/api/v1/public/user/login', 'https://evil.example')).status).toBe(200);
  });
});
