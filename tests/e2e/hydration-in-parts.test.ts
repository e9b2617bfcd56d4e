import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');

// Decision 0034: the page is hydrated in several short tasks (the document, the frame, the main content, the
// phone menu's drawer, the desktop header, the footer, the bottom bar each in a later task). Each
// part must keep the server's elements (hydrated, not rendered again) and work once
// `html[data-hydrated]` says so.
const FRAME_PARTS = [
  '.app-shell',
  'main',
  '#mobile-menu',
  '.site-header',
  '.site-footer',
  '.bottom-bar',
  '.mobile-header',
] as const;

/** Opens `url` and says, per selector, whether the element the server sent is still the one on the page once hydrated. */
async function partsKeptThroughHydration(page: Page, url: string, selectors: readonly string[]): Promise<string[]> {
  // Before any module runs, remember the elements the server sent.
  await page.addInitScript((list: readonly string[]) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as Record<string, unknown>).__serverParts = list.map((s) => document.querySelector(s));
    });
  }, selectors);
  await page.goto(url);
  await waitForHydration(page);
  return page.evaluate((list: readonly string[]) => {
    const parts = (window as unknown as { __serverParts: Array<Element | null> }).__serverParts;
    return parts.map((el, i) =>
      el === null ? 'absent' : el === document.querySelector(list[i]!) && el.isConnected ? 'kept' : 'replaced',
    );
  }, selectors);
}

describe('hydration in parts', () => {
  let browser: Browser;
  let chapter: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const books = await (await fetch(`${baseURL}/sach`)).text();
    const book = /href="(\/sach\/[\w-]+)"/.exec(books)![1]!;
    chapter = /href="(\/[\w-]+-\d+\/[\w-]+)"/.exec(await (await fetch(baseURL + book)).text())![1]!;
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px keeps the server's elements of every part, which then answer taps`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const kept = await partsKeptThroughHydration(page, baseURL + chapter, FRAME_PARTS);
      expect(kept).toEqual(FRAME_PARTS.map(() => 'kept'));
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      if (width < 1024) {
        // The drawer, hydrated in a later task, opens from the header's button and closes on Escape.
        await page.getByRole('button', { name: 'Mở menu' }).click();
        const drawer = page.locator('#mobile-menu');
        await expect.poll(() => drawer.isVisible()).toBe(true);
        await screenshot(page, `hydration-parts-menu-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect.poll(() => drawer.isVisible()).toBe(false);
      }
      // A link of the main content navigates inside the page (the same document), not by reloading.
      await page.locator('main a[href^="/sach/"]').first().click();
      await page.waitForURL(/\/sach\//);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // Parts inside the main content (the home page's sections, the search page's list of results):
  // deferred again, in tasks of their own after the main content's.
  for (const [path, selectors, link] of [
    ['/', ['.hero', '.featured-quote', 'section[aria-labelledby="new-books"]', '.home-guide'], '.book-card'],
    ['/search?query=phat+giao', ['.search-header', '.search-results'], '.search-results a'],
  ] as const) {
    it(`keeps the server's elements of the parts inside ${path}, whose links then navigate in the page`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const kept = await partsKeptThroughHydration(page, baseURL + path, selectors);
      expect(kept).toEqual(selectors.map(() => 'kept'));
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      // A link inside a deferred part: a book on the home page, a result on the search page.
      await page.locator(link).first().click();
      await page.waitForURL((url) => url.pathname !== new URL(baseURL + path).pathname);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
