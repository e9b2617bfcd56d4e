import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/database.ts';
import { createMetrics } from '#server/http/metrics.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** /metrics: Prometheus text for a scraper with METRICS_TOKEN; absent without the setting. */
const engines = await availableEngines();
const TOKEN = 'ma-do-luong-thu-nghiem-0123456789';

describe.each(engines)('metrics on %s', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('is not there while METRICS_TOKEN is unset', async () => {
    const t = await createTestApp(engine, { demo: false, metrics: createMetrics() });
    apps.push(t);
    expect((await t.app.request('/metrics')).status).toBe(404);
    expect((await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('answers only the token, with request latency by route, search latency, page-cache lookups and the pool', async () => {
    // The pool is the test database's, made inside createTestApp after the metrics.
    const opened: { database?: Database } = {};
    const metrics = createMetrics({ poolStats: () => opened.database?.poolStats?.() ?? null });
    const t = await createTestApp(engine, { demo: false, env: { METRICS_TOKEN: TOKEN }, metrics });
    apps.push(t);
    opened.database = t.db.database;

    expect((await t.app.request('/metrics')).status).toBe(401);
    expect(
      (await t.app.request('/metrics', { headers: { authorization: 'Bearer sai-ma-0123456789abcdef' } })).status,
    ).toBe(401);

    expect((await t.app.request('/api/v1/public/search/keywords')).status).toBe(200);
    expect((await t.app.request('/api/v1/public/search/keywords')).status).toBe(200);
    expect((await t.app.request('/api/v1/public/chapter/khong-co/khong-co')).status).toBe(404);
    const searched = await t.app.request('/api/v1/public/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'phat' }),
    });
    expect(searched.status).toBe(200);

    // Pages: an app with a page handler whose answer the page cache may keep.
    const pages = createApp({
      services: t.services,
      env: t.env,
      logger: pino({ level: 'silent' }),
      media: {} as never,
      metrics,
      pageHandler: async () =>
        new Response('<!doctype html><title>Trang</title>', {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=60' },
        }),
    });
    expect((await pages.request('/trang-thu')).headers.get('x-cache')).toBe('miss');
    expect((await pages.request('/trang-thu')).headers.get('x-cache')).toBe('hit');

    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain(
      'phapbao_http_request_duration_seconds_count{method="GET",route="/api/v1/public/search/keywords",status="200"} 2',
    );
    expect(text).toContain(
      'phapbao_http_request_duration_seconds_count{method="GET",route="/api/v1/public/chapter/:code/:chapter",status="404"} 1',
    );
    expect(text).toContain('phapbao_http_request_duration_seconds_count{method="GET",route="page",status="200"} 2');
    expect(text).toContain('phapbao_search_duration_seconds_count{outcome="ok"} 1');
    expect(text).toContain('phapbao_page_cache_lookups_total{result="miss"} 1');
    expect(text).toContain('phapbao_page_cache_lookups_total{result="hit"} 1');
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/metrics"');
    if (engine === 'postgres') expect(text).toMatch(/phapbao_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('phapbao_db_pool_connections{');
  });
});
