import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('API conventions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('an unknown /api/v1 path answers 404 JSON, never the HTML page', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/khong-co'],
      ['POST', '/api/v1/public/khong-co'],
      ['DELETE', '/api/v1/public/search/keywords'],
      ['GET', '/api/khong-co'],
    ] as const) {
      const res = await t.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(ZErrorResponseSchema.parse(await res.json())).toEqual({
        errorMessage: 'Không có địa chỉ API này.',
        errorCode: 'API_ROUTE_NOT_FOUND',
      });
    }
  });

  it('serves an OpenAPI document generated from the zod contracts', async () => {
    const res = await t.app.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/public/search/keywords', '/public/home_page_data']),
    );
    expect(doc.paths['/public/home_page_data']).toHaveProperty('post');
    expect(JSON.stringify(doc.paths['/public/home_page_data'])).toContain('newestBooks');
  });

  it('sets the security headers and a request id on every response', async () => {
    const res = await t.app.request('/api/v1/public/search/keywords');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Powerful features are off, but for what the YouTube privacy-enhanced player needs.
    const permissions = res.headers.get('permissions-policy') ?? '';
    for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
      expect(permissions).toContain(denied);
    }
    for (const allowed of ['autoplay', 'encrypted-media', 'picture-in-picture', 'fullscreen']) {
      expect(permissions).toContain(`${allowed}=(self "https://www.youtube-nocookie.com")`);
    }
    // The reader may keep the screen on while reading (the Wake Lock API), on our own pages only.
    expect(permissions).toContain('screen-wake-lock=(self)');
    // Pages and media carry it too, not only the API.
    expect((await t.app.request('/media/khong-co.mp3')).headers.get('permissions-policy')).toBe(permissions);
    // A fresh nonce for every response.
    const again = await t.app.request('/api/v1/public/search/keywords');
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('site defaults are filled once and never overwrite an edited list', async () => {
    const keywords = await t.services.home.listKeywords();
    expect(keywords).toHaveLength(70);
    const quotes = await t.services.site.listFooterQuotes();
    expect(quotes).toHaveLength(7);
    await t.services.site.ensureDefaults();
    expect(await t.services.home.listKeywords()).toHaveLength(70);
  });

  it('picks 7 distinct suggestions on each draw', async () => {
    const draws = await Promise.all(Array.from({ length: 5 }, () => t.services.home.pickKeywordSuggestions()));
    for (const draw of draws) {
      expect(draw).toHaveLength(7);
      expect(new Set(draw.map((k) => JSON.stringify(k))).size).toBe(7);
    }
    // Five draws of 7 out of 70 are all the same only with negligible probability.
    expect(new Set(draws.map((d) => JSON.stringify(d))).size).toBeGreaterThan(1);
  });
});
