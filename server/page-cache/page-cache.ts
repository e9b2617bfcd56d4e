import type { Context, MiddlewareHandler, Next } from 'hono';
import { SESSION_COOKIE_NAME } from '#common/constants.ts';
import type { Logger } from '#server/logger.ts';
import type { PageRender } from '#server/load-context.ts';
import { createPageStore, preparePage, stampNonce, type PageStore, type StoredPage } from './page-store.ts';

/**
 * The anonymous pages' HTML cache. The rule (docs/deploy.md, "Caching"):
 *
 * - only GET and HEAD without a `pb_token` cookie (any value) are answered from it; a request with
 *   one always renders and gets `Cache-Control: private, no-store`;
 * - a page is kept when the route opted in — its `headers` export is `cacheablePage…`
 *   (app/lib/page-cache-headers.ts): `public` with `s-maxage`, the lifetime kept here too — and the
 *   answer is a 200 HTML page without `Set-Cookie` whose loaders did not fall back (withBudget);
 * - the key is the address (origin, path, sorted query) and the day in Asia/Ho_Chi_Minh; a page
 *   drawn at random asks for several draws (`X-Page-Variants`), and each request gets one at random;
 * - a page is good while the content generation (docs/decisions/0017) is the one read before it
 *   was rendered: the generation is read on every lookup, so an edit shows on the next request of
 *   any process;
 * - every answer gets a fresh CSP nonce stamped into the stored body, and `ETag: "<hash>.<nonce>"`
 *   (the bytes that answer carried); a matching `If-None-Match` gets a 304 without a CSP header, so
 *   the browser keeps the policy of the copy it holds, which names that copy's nonce.
 *
 * Registered outside secureHeaders (server/app.ts): a hit runs only the security headers around
 * the stored page, not the page renderer.
 */
export interface PageCacheOptions {
  readGeneration: () => Promise<number>;
  logger: Logger;
  /** The secureHeaders middleware: run around a stored page so it gets the headers and a fresh nonce. */
  securityHeaders: MiddlewareHandler;
  maxBytes?: number;
  now?: () => number;
  random?: () => number;
}

type PageCacheEnv = { Variables: { secureHeadersNonce?: string; pageRender?: PageRender } };

export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A page drawn at random (the home page) asks for this many kept draws, one given at random. */
const VARIANTS_HEADER = 'x-page-variants';
const MAX_VARIANTS = 32;
const PRIVATE = 'private, no-store';
/** Headers that belong to one response: never stored, made anew for each answer. */
const PER_RESPONSE = new Set([
  'content-security-policy',
  'x-request-id',
  'date',
  'content-length',
  'etag',
  'x-cache',
  VARIANTS_HEADER,
]);

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });

function hasSessionCookie(header: string | null | undefined): boolean {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().split('=')[0] === SESSION_COOKIE_NAME);
}

/** The address with its query in a stable order, and the day pages are rendered for. */
export function pageKey(url: string, now: number): string {
  const u = new URL(url);
  u.searchParams.sort();
  u.hash = '';
  return `${u.origin}${u.pathname}?${u.searchParams.toString()}|${dayFormat.format(now)}`;
}

/** Never the API, media or hashed assets: only what may be a page. */
function mayBePage(path: string): boolean {
  return !/^\/(api|media|assets)(\/|$)/.test(path);
}

/** `s-maxage` of a route that opted in, in seconds; null when the answer may not be kept. */
function sharedMaxAge(res: Response, render: PageRender): number | null {
  if (res.status !== 200 || render.degraded || res.headers.has('set-cookie')) return null;
  if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) return null;
  const cacheControl = res.headers.get('cache-control') ?? '';
  if (!/(^|,)\s*public\s*(,|$)/.test(cacheControl)) return null;
  const match = /s-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/** Does `If-None-Match` name this page (whatever nonce the client's copy carries)? */
function matches(ifNoneMatch: string | null, page: StoredPage): string | null {
  if (!ifNoneMatch) return null;
  for (const tag of ifNoneMatch.split(',')) {
    // If-None-Match compares weakly: a compressed answer's tag is the same one marked W/ (server/http/compression.ts).
    const t = tag.trim().replace(/^W\//, '');
    if (/^"[\w-]+\.[A-Za-z0-9+/=]{1,64}"$/.test(t) && t.slice(1, t.indexOf('.')) === page.hash) return t;
  }
  return null;
}

function replaceResponse(c: Context, res: Response) {
  // Hono copies the old response's headers onto a new one: forget it first.
  c.res = undefined as unknown as Response;
  c.res = res;
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const store: PageStore = createPageStore({ maxBytes: options.maxBytes ?? PAGE_CACHE_MAX_BYTES, now });
  /** Paths whose pages said how many draws to keep (learnt from their first render). */
  const variantsByPath = new Map<string, number>();
  const random = options.random ?? Math.random;

  function answer(c: Context, page: StoredPage, nonce: string | undefined, state: 'hit' | 'miss'): Response {
    const headers = new Headers(page.headers);
    headers.set('ETag', `"${page.hash}.${nonce ?? ''}"`);
    headers.set('X-Cache', state);
    const body = c.req.method === 'HEAD' ? null : stampNonce(page, nonce);
    return new Response(body, { status: 200, headers });
  }

  /** 304: no CSP header, so the browser keeps the policy stored with its copy. */
  function notModified(page: StoredPage, tag: string): Response {
    const headers = new Headers({ ETag: tag, 'X-Cache': 'hit' });
    for (const [name, value] of page.headers) if (name === 'cache-control' || name === 'vary') headers.set(name, value);
    return new Response(null, { status: 304, headers });
  }

  const middleware: MiddlewareHandler<PageCacheEnv> = async (c, next: Next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || !mayBePage(c.req.path)) return next();
    const render: PageRender = { degraded: false };
    c.set('pageRender', render);

    if (hasSessionCookie(c.req.header('cookie'))) {
      await next();
      // Pages and their data (`.data` of client-side navigations): nobody else may keep them.
      const html = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
      if (html || /s-maxage/.test(c.res.headers.get('cache-control') ?? ''))
        c.res.headers.set('Cache-Control', PRIVATE);
      c.res.headers.delete(VARIANTS_HEADER);
      return;
    }

    const variants = variantsByPath.get(c.req.path) ?? 1;
    const key = `${pageKey(c.req.url, now())}|${Math.floor(random() * variants)}`;
    const generation = await options.readGeneration();
    const stored = store.get(key, generation);
    if (stored) {
      const tag = matches(c.req.header('if-none-match') ?? null, stored);
      if (tag) {
        replaceResponse(c, notModified(stored, tag));
        return;
      }
      await options.securityHeaders(c, async () => {
        replaceResponse(c, answer(c, stored, c.get('secureHeadersNonce'), 'hit'));
      });
      return;
    }

    await next();
    const asked = Number(c.res.headers.get(VARIANTS_HEADER));
    c.res.headers.delete(VARIANTS_HEADER);
    if (method !== 'GET') return;
    if (Number.isInteger(asked) && asked > 1 && variantsByPath.size < 10_000) {
      variantsByPath.set(c.req.path, Math.min(asked, MAX_VARIANTS));
    }
    const maxAge = sharedMaxAge(c.res, render);
    if (maxAge === null || maxAge === 0) return;
    const nonce = c.get('secureHeadersNonce');
    const body = await c.res.text();
    const headers: [string, string][] = [];
    c.res.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push([name, value]);
    });
    const page = preparePage(body, nonce, { headers, generation, expiresAt: now() + maxAge * 1000 });
    store.set(key, page);
    const fresh = answer(c, page, nonce, 'miss');
    // The CSP header of this render names `nonce`: keep it.
    const csp = c.res.headers.get('content-security-policy');
    if (csp) fresh.headers.set('Content-Security-Policy', csp);
    const requestId = c.res.headers.get('x-request-id');
    if (requestId) fresh.headers.set('X-Request-Id', requestId);
    const tag = matches(c.req.header('if-none-match') ?? null, page);
    replaceResponse(c, tag ? notModified(page, tag) : fresh);
  };

  return { middleware, store };
}
