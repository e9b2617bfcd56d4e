import { Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.ts';
import type { PageRender } from '#server/load-context.ts';
import { createPageCache, pageKey } from './page-cache.ts';
import { createPageStore, preparePage, stampNonce } from './page-store.ts';

const PUBLIC = 'public, max-age=0, s-maxage=60';

/** The app's order (server/app.ts): page cache, then security headers, then a page renderer. */
function makeApp(
  options: {
    cacheControl?: string;
    degrade?: boolean;
    setCookie?: boolean;
    status?: number;
    now?: () => number;
    variants?: number;
    random?: () => number;
  } = {},
) {
  let generation = 1;
  let renders = 0;
  const securityHeaders = secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } });
  const cache = createPageCache({
    readGeneration: async () => generation,
    logger: createLogger('silent'),
    securityHeaders,
    maxBytes: 1024 * 1024,
    now: options.now,
    random: options.random,
  });
  const app = new Hono<{ Variables: { secureHeadersNonce?: string; pageRender?: PageRender } }>();
  app.use(cache.middleware);
  app.use(securityHeaders);
  app.get('/api/x', (c) => c.json({ ok: true }));
  app.get('*', (c) => {
    renders++;
    if (options.degrade) c.get('pageRender')!.degraded = true;
    const nonce = c.get('secureHeadersNonce');
    const headers: Record<string, string> = {
      'content-type': c.req.path.endsWith('.data') ? 'text/x-script' : 'text/html; charset=utf-8',
      'cache-control': options.cacheControl ?? PUBLIC,
    };
    if (options.setCookie) headers['set-cookie'] = 'a=b';
    if (options.variants) headers['x-page-variants'] = String(options.variants);
    const body = `<html><script nonce="${nonce}">1</script><p>render ${renders} gen ${generation}</p><script nonce="${nonce}">2</script></html>`;
    return new Response(body, { status: options.status ?? 200, headers });
  });
  return {
    app,
    cache,
    bump: () => generation++,
    renders: () => renders,
  };
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1]!;

describe('page store', () => {
  it('drops the least recently used pages past its size, and pages of another generation or past their time', () => {
    let now = 0;
    const store = createPageStore({ maxBytes: 8 * 2000, now: () => now });
    const page = (generation = 1, expiresAt = 1000) =>
      preparePage('x'.repeat(1400), undefined, { headers: [], generation, expiresAt });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) store.set(key, page());
    expect(store.size).toBe(8);
    expect(store.get('a', 1)).toBeDefined(); // a is now the most recent
    store.set('i', page());
    expect(store.get('b', 1)).toBeUndefined();
    expect(store.get('a', 1)).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(8 * 2000);
    expect(store.get('c', 2)).toBeUndefined();
    expect(store.get('c', 1)).toBeUndefined(); // dropped when met at a newer generation
    now = 1000;
    expect(store.get('a', 1)).toBeUndefined();
  });

  it('puts a new nonce wherever the stored one was', () => {
    const page = preparePage('<s nonce="N1">a</s><s nonce="N1">b</s>', 'N1', {
      headers: [],
      generation: 1,
      expiresAt: 1,
    });
    expect(stampNonce(page, 'Z9')).toBe('<s nonce="Z9">a</s><s nonce="Z9">b</s>');
    expect(page.hash).toMatch(/^[\w-]{27}$/);
  });

  it('keys by origin, path, query in a stable order and the day in Hồ Chí Minh City', () => {
    const t = Date.UTC(2026, 10, 22, 16, 59); // 23:59 in Asia/Ho_Chi_Minh
    expect(pageKey('http://h/sach/a?b=2&a=1#x', t)).toBe('http://h/sach/a?a=1&b=2|2026-11-22');
    expect(pageKey('http://h/sach/a?a=1&b=2', t + 60_000)).toBe('http://h/sach/a?a=1&b=2|2026-11-23');
  });
});

describe('page cache middleware', () => {
  it('answers the second anonymous request from memory with a fresh nonce in body and header', async () => {
    const { app, renders } = makeApp();
    const first = await app.request('/sach/a');
    const second = await app.request('/sach/a');
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(renders()).toBe(1);
    const [b1, b2] = [await first.text(), await second.text()];
    expect(nonceOf(b2)).not.toBe(nonceOf(b1));
    expect(b2.split(nonceOf(b2))).toHaveLength(3);
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonceOf(b2)}'`);
    expect(second.headers.get('cache-control')).toBe(PUBLIC);
    expect(second.headers.get('etag')).toBe(`"${first.headers.get('etag')!.slice(1).split('.')[0]}.${nonceOf(b2)}"`);
  });

  it('answers 304 to a matching If-None-Match whatever its nonce, without a CSP header', async () => {
    const { app } = makeApp();
    const etag = (await app.request('/sach/a')).headers.get('etag')!;
    const again = await app.request('/sach/a', { headers: { 'if-none-match': `W/"x", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    const otherNonce = etag.replace(/\.[^"]+"$/, '.QUJD"');
    expect((await app.request('/sach/a', { headers: { 'if-none-match': otherNonce } })).status).toBe(304);
    expect((await app.request('/sach/a', { headers: { 'if-none-match': '"nope.QUJD"' } })).status).toBe(200);
  });

  it('renders again once the content generation moves', async () => {
    const { app, bump, renders } = makeApp();
    await app.request('/sach/a');
    bump();
    const after = await app.request('/sach/a');
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).toContain('gen 2');
    expect(renders()).toBe(2);
  });

  it('keeps a page only its s-maxage', async () => {
    let now = 0;
    const { app, renders } = makeApp({ now: () => now });
    await app.request('/sach/a');
    now = 59_000;
    await app.request('/sach/a');
    expect(renders()).toBe(1);
    now = 60_000;
    await app.request('/sach/a');
    expect(renders()).toBe(2);
  });

  it('never answers a request with a session cookie from memory, and marks its page private', async () => {
    const { app, renders } = makeApp();
    await app.request('/sach/a');
    const mine = await app.request('/sach/a', { headers: { cookie: 'x=1; pb_token=' } });
    expect(mine.headers.get('x-cache')).toBeNull();
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(renders()).toBe(2);
  });

  it('keeps several draws of a page drawn at random, and gives one of them at random', async () => {
    let r = 0;
    const { app, renders } = makeApp({ variants: 4, random: () => r });
    const first = await app.request('/');
    expect(first.headers.get('x-page-variants')).toBeNull();
    for (const draw of [0.1, 0.3, 0.6, 0.9, 0.1, 0.3, 0.6, 0.9]) {
      r = draw;
      await app.request('/');
    }
    // The first render (before the count was known) and one per draw.
    expect(renders()).toBe(1 + 4 - 1);
  });

  it('marks a reader’s client-side data (`.data`) private too', async () => {
    const { app } = makeApp();
    const res = await app.request('/_root.data', { headers: { cookie: 'pb_token=x' } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    ['a route that did not opt in', { cacheControl: 'no-store' }],
    ['a public answer without s-maxage (a static file)', { cacheControl: 'public, max-age=3600' }],
    ['a page whose data fell back', { degrade: true }],
    ['an answer setting a cookie', { setCookie: true }],
    ['a 404', { status: 404 }],
  ])('does not keep %s', async (_what, options) => {
    const { app, renders } = makeApp(options);
    await app.request('/sach/a');
    const again = await app.request('/sach/a');
    expect(again.headers.get('x-cache')).toBeNull();
    expect(renders()).toBe(2);
  });

  it('leaves the API and HEAD misses alone, and answers HEAD from memory without a body', async () => {
    const { app, cache } = makeApp();
    await app.request('/api/x');
    await app.request('/sach/a', { method: 'HEAD' });
    expect(cache.store.size).toBe(0);
    await app.request('/sach/a');
    const head = await app.request('/sach/a', { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('hit');
    expect(await head.text()).toBe('');
  });
});
