import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { searchUrlForKeyword, type HomeKeyword } from '#common/contracts/keyword.schema.ts';
import { DEFAULT_FOOTER_QUOTES } from '#server/db/defaults/footer-quotes.ts';
import { launchBrowser, screenshot, SCREENSHOT_DIR, waitForHydration, watchPageErrors } from './support/browser.ts';

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

  it('shows the passage of the day by its meaning, its chant one tap away, compact on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(baseURL);
    const card = page.getByTestId('featured-passage');
    await expect.poll(async () => (await card.getByTestId('featured-meaning').innerText()).length).toBeGreaterThan(10);
    const originals = card.locator('details.featured-quote-originals');
    // Closed, the card takes at most half the screen whichever passage is drawn (a long liturgy
    // shows a few of its lines); open, the Hán-Việt or Pali is there.
    const seen = new Set<string>();
    for (let draw = 0; draw < 12; draw++) {
      if (draw > 0) await page.reload();
      seen.add(await card.getByTestId('featured-meaning').innerText());
      expect((await card.boundingBox())!.height).toBeLessThanOrEqual(844 / 2);
    }
    expect(seen.size).toBeGreaterThan(1);
    await originals.locator('summary').click();
    expect(await originals.locator('.featured-quote-reading, .featured-quote-pali').first().innerText()).not.toBe('');
    await screenshot(page, 'home-passage-of-the-day-390');
    await context.close();

    // On a 320×568 phone, closed, it fits on the screen with room to spare, whichever is drawn.
    const small = await browser.newPage({ viewport: { width: 320, height: 568 } });
    for (let draw = 0; draw < 8; draw++) {
      await small.goto(baseURL, { waitUntil: draw === 0 ? 'networkidle' : 'load' });
      const box = (await small.getByTestId('featured-passage').boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(568 * 0.75);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    await small.getByTestId('featured-passage').scrollIntoViewIfNeeded();
    await small.screenshot({ path: `${SCREENSHOT_DIR}/home-passage-of-the-day-320.png` });
    await small.close();
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
    await waitForHydration(page);
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
    // Text contents: the footer is rendered once scrolled near; the innerText of a part not rendered is empty.
    const text = (await page.locator('[data-testid="footer-quote"] blockquote').textContent())!.trim();
    expect(DEFAULT_FOOTER_QUOTES.map((q) => q.text)).toContain(text);
    await page.close();
  });

  it('lays out the new talks with the title the full width of the row and the details below, at 320 and 390 px', async () => {
    for (const width of [320, 390, 1366]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(baseURL, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const rows = page.locator('section[aria-labelledby="new-talks"] .talk-row');
      expect(await rows.count()).toBeGreaterThan(0);
      for (const row of await rows.all()) {
        const [title, meta, body] = await Promise.all(
          ['.talk-title', '.talk-meta', '.talk-body'].map(async (part) => (await row.locator(part).boundingBox())!),
        );
        if (width < 640) {
          // The title has the whole width beside the icon; the details start below it.
          expect(title!.width, `${width}`).toBeGreaterThanOrEqual(body!.width - 1);
          expect(meta!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
          expect(meta!.x).toBeCloseTo(title!.x, 0);
        } else {
          // Wide: side by side on one line.
          expect(Math.abs(meta!.y + meta!.height / 2 - (title!.y + title!.height / 2))).toBeLessThan(6);
        }
        // Never a word per line : at least two words a line.
        const lines = await row
          .locator('.talk-title')
          .evaluate((el) =>
            Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
          );
        const words = ((await row.locator('.talk-title').textContent()) ?? '').split(/\s+/).length;
        expect(words / lines).toBeGreaterThanOrEqual(Math.min(words, 2));
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.locator('#new-talks').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/home-new-talks-${width}.png` });
      await page.close();
    }
  });

  it('looks right on a phone and on a desktop, without page errors', async () => {
    for (const [name, viewport] of [
      ['home-390x844', { width: 390, height: 844 }],
      ['home-1440x900', { width: 1440, height: 900 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      const errors = watchPageErrors(page);
      await page.goto(baseURL, { waitUntil: 'networkidle' });
      // The reading font is self-hosted and actually used; the interface is in the device's font.
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
      });
      expect(fonts.join(',')).toMatch(/Noto Serif Web/);
      expect(fonts.join(',')).not.toMatch(/Be Vietnam Pro/);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
