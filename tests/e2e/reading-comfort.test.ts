import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { rememberOnDevice, setHidden, waitForWakeLocks, wakeLog, watchWakeLock } from './support/device.ts';
import { bookForThisFile } from './support/site-books.ts';
import { longChapterMarkdown } from '../factories/site.ts';

const baseURL = inject('baseURL');
/** A long chapter of a book of one chapter. */
const book = bookForThisFile({
  title: 'Kinh Đọc Thoải Mái Thử',
  chapters: [{ title: 'Lời dạy sau cùng', markdown: longChapterMarkdown(40) }],
});
const chapterUrl = () => `${baseURL}${book.firstChapterPath}`;

const paint = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    spacing: document.documentElement.dataset.lineSpacing ?? null,
    paper: getComputedStyle(document.body).backgroundColor,
    ink: getComputedStyle(document.body).color,
    // The browser's bars (status bar on phones) follow the theme.
    barColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
  }));

async function openOptions(page: Page) {
  await page.locator('details.reader-options > summary').click();
  await page.locator('.reader-options-panel').waitFor();
}

/**
 * Reading comfort (app/lib/reading-comfort.ts, decision 0026): light, sepia and dark themes for the
 * whole site, applied before the first paint; line spacing; keeping the screen on.
 */
describe('reading comfort: themes, line spacing, screen kept on', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('paints the stored theme before any of the site’s JavaScript runs (no flash), with the response’s nonce', async () => {
    const response = await fetch(chapterUrl());
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    // The theme script is in <head>, before the stylesheets' content is painted, with this response's nonce.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script nonce="${nonce}">try{var d=document.documentElement`);

    for (const theme of ['dark', 'sepia'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await rememberOnDevice(context, { 'phap-bao:theme': theme, 'phap-bao:line-spacing': 'wide' });
      const page = await context.newPage();
      // No module script may run: what shows is the server's HTML and the inline theme script alone.
      await page.route(/\.js(\?.*)?$/, (route) => route.abort());
      await page.goto(chapterUrl(), { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
      const painted = await paint(page);
      expect(painted.theme).toBe(theme);
      expect(painted.spacing).toBe('wide');
      expect(painted.paper).toBe(theme === 'dark' ? 'rgb(27, 24, 21)' : 'rgb(244, 236, 216)');
      expect(painted.barColor).toBe(theme === 'dark' ? '#1b1815' : '#f4ecd8');
      await context.close();
    }
  });

  it('follows the system’s light or dark until the reader chooses', async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      const page = await context.newPage();
      await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
      expect(await paint(page)).toMatchObject({
        theme: colorScheme,
        barColor: colorScheme === 'dark' ? '#1b1815' : '#fbf8f3',
      });
      await context.close();
    }
  });

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px: the "Aa" panel switches the theme site-wide and the line spacing, both kept after a reload`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 740 : 900 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
      await waitForHydration(page);
      expect(await paint(page)).toMatchObject({ theme: 'light', barColor: '#fbf8f3' });
      const text = page.getByTestId('chapter-text').first();
      const lineHeight = () => text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      const normal = await lineHeight();

      await openOptions(page);
      const themes = page.getByRole('group', { name: 'Giao diện' });
      // Its controls load on the first opening.
      await themes.getByRole('radio', { name: 'Theo máy', exact: true }).waitFor();
      expect(await themes.getByRole('radio').count()).toBe(4);
      expect(await themes.getByRole('radio', { name: 'Theo máy' }).isChecked()).toBe(true);
      await themes.getByRole('radio', { name: 'Giấy ngà', exact: true }).check();
      expect(await paint(page)).toMatchObject({ paper: 'rgb(244, 236, 216)', barColor: '#f4ecd8' });
      await page.getByRole('group', { name: 'Giãn dòng' }).getByRole('radio', { name: 'Rộng', exact: true }).check();
      expect(await lineHeight()).toBeGreaterThan(normal * 1.15);
      const panel = (await page.locator('.reader-options-panel').boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      await screenshot(page, `comfort-sepia-panel-${width}`, { fullPage: false });
      await themes.getByRole('radio', { name: 'Tối', exact: true }).check();
      expect(await paint(page)).toMatchObject({
        theme: 'dark',
        paper: 'rgb(27, 24, 21)',
        spacing: 'wide',
        barColor: '#1b1815',
      });
      await screenshot(page, `comfort-dark-panel-${width}`, { fullPage: false });

      // Kept on the device, for every page of the site.
      await page.reload({ waitUntil: 'networkidle' });
      await waitForHydration(page);
      expect(await paint(page)).toMatchObject({ theme: 'dark', spacing: 'wide' });
      expect(await lineHeight()).toBeGreaterThan(normal * 1.15);
      await screenshot(page, `comfort-dark-chapter-${width}`, { fullPage: false });
      await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
      expect(await paint(page)).toMatchObject({ paper: 'rgb(27, 24, 21)', barColor: '#1b1815' });
      // A page opened inside the app (no new document) keeps the bars' colour.
      await page.locator('a:visible', { hasText: 'Trích dẫn' }).first().click();
      await page.waitForURL(/\/danh-sach/);
      await waitForHydration(page);
      expect((await paint(page)).barColor).toBe('#1b1815');
      await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
      await screenshot(page, `comfort-dark-home-${width}`, { fullPage: false });
      await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await openOptions(page);
      expect(await page.getByRole('radio', { name: 'Tối' }).isChecked()).toBe(true);
      // Back to the system's choice and the usual spacing.
      await page
        .getByRole('group', { name: 'Giao diện' })
        .getByRole('radio', { name: 'Theo máy', exact: true })
        .check();
      await page.getByRole('group', { name: 'Giãn dòng' }).getByRole('radio', { name: 'Vừa', exact: true }).check();
      expect(await paint(page)).toMatchObject({ theme: 'light', spacing: null, barColor: '#fbf8f3' });
      expect(await lineHeight()).toBe(normal);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('in the dark theme at 390 px, the open letter and a talk’s current line keep no light tint', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await rememberOnDevice(context, { 'phap-bao:theme': 'dark' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Relative luminance (WCAG) of a computed rgb() colour: the dark paper is about 0.01.
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    await page.goto(`${baseURL}/bai-viet/thu-ngo`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const letter = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        header: style('.mobile-header').backgroundColor,
        page: style('.letter-page').backgroundImage,
        sheet: style('.letter-sheet').backgroundColor,
      };
    });
    expect(luminance(letter.header)).toBeLessThan(0.05);
    expect(luminance(letter.sheet)).toBeLessThan(0.05);
    // Every stop of the letterhead's gradient is dark.
    for (const stop of letter.page.match(/rgb\([^)]*\)/g) ?? ['none']) expect(luminance(stop)).toBeLessThan(0.05);
    await screenshot(page, 'dark-letter-390', { fullPage: false });

    // A talk opened at a moment (as from a search hit) marks that moment's line, without playing.
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    const collection = (await page.locator('.audio-collection-card').first().getAttribute('href'))!;
    await page.goto(`${baseURL}${collection}?t=20`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const current = page.locator('.talk-cues li[aria-current="true"] button').first();
    await current.waitFor();
    await current.scrollIntoViewIfNeeded();
    const colours = await current.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      ink: getComputedStyle(el).color,
    }));
    expect(luminance(colours.background)).toBeLessThan(0.1);
    expect((luminance(colours.ink) + 0.05) / (luminance(colours.background) + 0.05)).toBeGreaterThan(4.5);
    await screenshot(page, 'dark-talk-current-line-390', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the screen on while asked: a wake lock taken, released when hidden, taken again on return, released on leaving', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await watchWakeLock(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const log = () => wakeLog(page);
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    expect(await log()).toEqual({ requests: 0, releases: 0, held: 0 });

    await openOptions(page);
    const keepOn = page.getByRole('checkbox', { name: 'Giữ màn hình sáng' });
    await keepOn.check();
    await waitForWakeLocks(page, 1);
    await setHidden(page, true);
    await waitForWakeLocks(page, 0);
    await setHidden(page, false);
    await waitForWakeLocks(page, 1);
    expect(await log()).toEqual({ requests: 2, releases: 1, held: 1 });

    // Remembered: a reload asks again by itself; leaving the chapter lets the screen sleep.
    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    await waitForWakeLocks(page, 1);
    await page.locator(`.reader-breadcrumbs a, nav[aria-label] a[href="/sach/${book.code}"]`).first().click();
    await page.waitForURL(`${baseURL}/sach/${book.code}`);
    await waitForWakeLocks(page, 0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
