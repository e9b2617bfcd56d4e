import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { searchUrlForKeyword, type HomeKeyword } from '#common/contracts/keyword.schema.ts';
import { DEFAULT_FOOTER_QUOTES } from '#server/db/defaults/footer-quotes.ts';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');

describe('home page', () => {
  let browser: Browser;
  let keywords: HomeKeyword[];
  beforeAll(async () => {
    browser = await launchBrowser();
    keywords = ((await (await fetch(`${baseURL}/api/v1/public/search/keywords`)).json()) as { data: HomeKeyword[] })
      .data;
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is rendered on the server: its content is there with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(baseURL);
    expect(res!.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toContain('lời Phật dạy');
    expect(await page.locator('[data-testid="keyword-suggestions"] a').count()).toBe(7);
    expect(await page.locator('.book-card').count()).toBeGreaterThan(0);
    expect(await page.getByText('Kinh Kim Cang (phiên âm Hán-Việt)').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="footer-quote"]').count()).toBe(1);
    await context.close();
  });

  it('shows exactly 7 suggestions from the 70, each linking to a strict search of type all', async () => {
    const page = await browser.newPage();
    await page.goto(baseURL);
    const links = page.locator('[data-testid="keyword-suggestions"] a');
    expect(await links.count()).toBe(7);
    const expected = new Map(keywords.map((k) => [searchUrlForKeyword(k), k]));
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(new Set(hrefs).size).toBe(7);
    for (const href of hrefs) {
      expect(expected.has(href), href).toBe(true);
      const url = new URL(href, baseURL);
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('mode')).toBe('strict');
      expect(url.searchParams.get('type')).toBe('all');
      const entry = expected.get(href)!;
      if ('keywords' in entry) {
        expect(url.searchParams.get('query')).toBe(entry.keywords[0]);
        expect(url.searchParams.get('conditionType')).toBe('AND');
        expect(url.searchParams.get('conditions')).toBe(entry.keywords.slice(1).join('|'));
      } else {
        expect(url.searchParams.get('query')).toBe(entry.keyword);
        expect(url.searchParams.has('conditions')).toBe(false);
      }
    }
    await page.close();
  });

  it('draws the suggestions anew on each request', async () => {
    const draws = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const html = await (await fetch(baseURL)).text();
      const hrefs = [...html.matchAll(/href="(\/search\?query=[^"]+)"/g)].map((m) => m[1]).join(',');
      draws.add(hrefs);
    }
    expect(draws.size).toBeGreaterThan(1);
  });

  it('submits the search box to /search with mode strict and type all', async () => {
    const page = await browser.newPage();
    await page.goto(baseURL);
    await page.locator('#home-query').fill('phat giao');
    await page.locator('.home-search button[type="submit"]').click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'phat giao', mode: 'strict', type: 'all' });
    await page
      .getByTestId('search-summary')
      .filter({ hasText: /kết quả cho “phat giao”/ })
      .waitFor();
    expect(await page.locator('#search-query').inputValue()).toBe('phat giao');
    await page.close();
  });

  it('shows in the footer one of the seven teaching quotes', async () => {
    const page = await browser.newPage();
    await page.goto(baseURL);
    const text = (await page.locator('[data-testid="footer-quote"] blockquote').innerText()).trim();
    expect(DEFAULT_FOOTER_QUOTES.map((q) => q.text)).toContain(text);
    await page.close();
  });

  it('looks right on a phone and on a desktop, without page errors', async () => {
    for (const [name, viewport] of [
      ['home-390x844', { width: 390, height: 844 }],
      ['home-1440x900', { width: 1440, height: 900 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      const errors = watchPageErrors(page);
      await page.goto(baseURL, { waitUntil: 'networkidle' });
      // The Vietnamese web fonts are self-hosted and actually used.
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
      });
      expect(fonts.join(',')).toMatch(/Be Vietnam Pro/);
      expect(fonts.join(',')).toMatch(/Noto Serif/);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
