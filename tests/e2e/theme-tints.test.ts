import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAX_QUERY_LENGTH } from '#common/contracts/search.values.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const THEMES = ['light', 'sepia', 'dark'] as const;

/** Relative luminance (WCAG) of a computed rgb() colour. */
function luminance(rgb: string) {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The ground and ink of every element matching `selector`. */
const coloursOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els.map((el) => ({ background: getComputedStyle(el).backgroundColor, ink: getComputedStyle(el).color })),
    );

/**
 * The soft grounds that were written as light colours (the search error, the compilation items'
 * icons, the notes export's highlight chips) follow the theme's tokens (app/styles/app.css): in
 * the dark theme none stays a light patch (the dark paper is about 0.01, these under 0.1), in the
 * light and sepia ones none turns dark, and in every theme what sits on them keeps 4.5:1
 * (3:1 for the icons).
 */
describe('theme tints', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const theme of THEMES) {
    it(`in the ${theme} theme at 390 px: the search error, compilation icons and highlight chips`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addInitScript((t) => localStorage.setItem('phap-bao:theme', t), theme);
      await loginAs(context, baseURL);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const expectTints = async (selector: string, least: number) => {
        const found = await coloursOf(page, selector);
        expect(found.length, selector).toBeGreaterThan(0);
        for (const { background, ink } of found) {
          expect(contrast(ink, background), `${selector} ${ink} on ${background}`).toBeGreaterThanOrEqual(least);
          if (theme === 'dark') expect(luminance(background), selector).toBeLessThan(0.1);
          else expect(luminance(background), selector).toBeGreaterThan(0.5);
        }
      };

      // A query longer than allowed answers with the error on its soft red ground.
      await page.goto(`${baseURL}/search?query=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page.locator('.search-error').waitFor();
      await expectTints('.search-error', 4.5);
      await screenshot(page, `tint-search-error-${theme}-390`, { fullPage: false });

      // The first compilation's items: a book, a talk, a video or an article, each icon on its ground.
      await page.goto(`${baseURL}/tong-hop`, { waitUntil: 'networkidle' });
      const compilation = (await page.locator('a[href^="/tong-hop/"]').first().getAttribute('href'))!;
      await page.goto(`${baseURL}${compilation}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await expectTints('.compilation-item-icon', 3);
      await page.locator('.compilation-items').scrollIntoViewIfNeeded();
      await screenshot(page, `tint-compilation-${theme}-390`, { fullPage: false });

      // The notes export's colour choices, each on its highlight colour.
      await page.goto(`${baseURL}/profile/note-export`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await expectTints('.note-export-color', 4.5);
      expect(await coloursOf(page, '.note-export-color')).toHaveLength(3);
      await page.locator('.note-export-colors').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `tint-note-export-${theme}-390`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
