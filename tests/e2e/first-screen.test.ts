import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');

// Decision 0046: the parts that start below the first screen (the footer, the home page's lists and
// guide, the search results after the second) are skipped by the browser (`content-visibility:
// auto`) until a reader comes near them, so the page's first layout lays out only what is seen.
// What a reader must not notice: the page does not shift, the parts are there once scrolled to,
// find-in-page finds their text and a link to a heading inside one lands on it.

/** Whether each element's content is rendered (false: skipped for now), in document order. */
function contentRendered(page: Page, selector: string): Promise<boolean[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((element) =>
        element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
      ),
    selector,
  );
}

/** Collects the page's layout shifts from its first paint on (window.__layoutShifts). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const PAGES = [
  { name: 'home', path: '/', firstScreen: '.hero', lowest: '.home-guide' },
  { name: 'search', path: '/search?query=phat+giao', firstScreen: '.search-header', lowest: '.search-result' },
] as const;

describe('parts below the first screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const { name, path, firstScreen, lowest } of PAGES) {
    for (const width of [390, 1366]) {
      it(`${name} at ${width} px: skipped at load without a shift, shown when scrolled to, found by find-in-page`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 844 } });
        const errors = watchPageErrors(page);
        await watchLayoutShifts(page);
        await page.goto(baseURL + path);
        await waitForHydration(page);

        expect(await contentRendered(page, firstScreen)).toEqual([true]);
        expect((await contentRendered(page, lowest)).at(-1)).toBe(false);
        expect(await contentRendered(page, '.site-footer')).toEqual([false]);
        expect(await page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts)).toEqual(
          [],
        );

        // Scrolled to, the footer is rendered: its text is laid out (innerText is empty while skipped).
        const footer = page.locator('.site-footer');
        await footer.scrollIntoViewIfNeeded();
        await expect.poll(() => contentRendered(page, '.site-footer')).toEqual([true]);
        expect((await footer.innerText()).length).toBeGreaterThan(100);
        await screenshot(page, `first-screen-${name}-footer-${width}`, { fullPage: false });

        // Back at the top, find-in-page finds a sentence of the footer, which it renders and shows.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(() => contentRendered(page, '.site-footer')).toEqual([false]);
        const sentence = (await page.locator('.footer-about .footer-note').textContent())!.trim().slice(-30);
        expect(
          await page.evaluate((text) => (window as unknown as { find(t: string): boolean }).find(text), sentence),
        ).toBe(true);
        await expect.poll(() => contentRendered(page, '.site-footer')).toEqual([true]);
        expect(await page.evaluate(() => window.getSelection()!.toString())).toBe(sentence);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  }

  it('a link to a heading inside a skipped part lands on it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/#new-articles`);
    await waitForHydration(page);
    const top = await page.evaluate(() => document.getElementById('new-articles')!.getBoundingClientRect().top);
    // Below the sticky header (60 px), in the first quarter of the screen.
    expect(top).toBeGreaterThanOrEqual(60);
    expect(top).toBeLessThan(844 / 4);
    expect(await contentRendered(page, '.home-section:has(#new-articles)')).toEqual([true]);
    await screenshot(page, 'first-screen-anchor-390', { fullPage: false });
    await page.close();
  });
});
