import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { rememberOnDevice, waitForWakeLocks, wakeLog, watchWakeLock } from './support/device.ts';

const baseURL = inject('baseURL');
// A chanting book of the demo library: "Tán như Lai" of the Nghi thức tụng niệm.
const CHAPTER = `${baseURL}/nghi-thuc-tung-niem-3/nghi-thuc-tung-niem`;

const held = async (page: Page) => (await wakeLog(page)).held;
const scrollTop = (page: Page) => page.getByTestId('chant-scroller').evaluate((el) => el.scrollTop);

async function openChanting(page: Page) {
  await page.goto(CHAPTER, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.locator('details.reader-options > summary').click();
  await page.getByRole('button', { name: 'Chế độ tụng kinh' }).click();
  await page.getByTestId('chant-view').waitFor();
}

/**
 * The chanting view (decision 0031): the chapter in large type over the whole
 * screen, scrolling by itself at a pace the chanter sets, paused and resumed, the screen kept on.
 */
describe('chanting view', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('at 390 px: large text that scrolls by itself, pauses and resumes, a faster pace scrolls faster, the screen kept on until it is closed', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await watchWakeLock(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openChanting(page);
    const view = page.getByTestId('chant-view');
    // The whole screen, the chapter's words, large.
    const box = (await view.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const firstLine = await page.locator('[data-testid="chapter-text"] p').first().innerText();
    expect(await view.locator('.chant-text').innerText()).toContain(firstLine);
    const size = await view
      .locator('.chant-text p')
      .first()
      .evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
    expect(size).toBeGreaterThanOrEqual(26);
    await waitForWakeLocks(page, 1);

    // It moves by itself…
    const start = await scrollTop(page);
    await page.waitForTimeout(1500);
    const moved = (await scrollTop(page)) - start;
    expect(moved).toBeGreaterThan(5);
    // …stops when paused…
    await page.getByTestId('chant-toggle').click();
    expect(await page.getByTestId('chant-toggle').innerText()).toBe('Tiếp tục');
    const paused = await scrollTop(page);
    await page.waitForTimeout(1000);
    expect(await scrollTop(page)).toBe(paused);
    await screenshot(page, 'chanting-paused-390', { fullPage: false });
    // …and goes on, faster at a faster pace (10 → 18 lines a minute: well over half as far again).
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Nhanh hơn' }).click();
    expect(await page.getByTestId('chant-pace').innerText()).toBe('18 dòng/phút');
    await page.getByTestId('chant-toggle').click();
    const before = await scrollTop(page);
    await page.waitForTimeout(1500);
    expect((await scrollTop(page)) - before).toBeGreaterThan(moved * 1.6);
    // The page under it does not scroll sideways or along.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Closed with Escape: the screen may sleep again, and the pace is remembered.
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    await waitForWakeLocks(page, 0);
    expect(await held(page)).toBe(0);
    await page.locator('details.reader-options > summary').click();
    await page.getByRole('button', { name: 'Chế độ tụng kinh' }).click();
    expect(await page.getByTestId('chant-pace').innerText()).toBe('18 dòng/phút');
    await page.getByRole('button', { name: 'Thoát' }).click();
    await view.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches the end and offers to start again', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await rememberOnDevice(context, { 'phap-bao:chant-pace': '36' });
    const page = await context.newPage();
    await openChanting(page);
    // Near the end by the chanter's own scroll, which the view takes as its new place.
    await page
      .getByTestId('chant-scroller')
      .evaluate((el) => el.scrollTo({ top: el.scrollHeight - el.clientHeight - 80 }));
    await page.getByTestId('chant-toggle').filter({ hasText: 'Tụng lại' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.chant-end').innerText()).toBe('Hết bài.');
    await page.getByTestId('chant-toggle').click();
    await page.waitForTimeout(300);
    expect(await scrollTop(page)).toBeLessThan(100);
    await context.close();
  });

  for (const [width, theme] of [
    [320, 'light'],
    [320, 'dark'],
    [390, 'sepia'],
    [390, 'dark'],
    [1366, 'light'],
    [1366, 'sepia'],
  ] as const) {
    it(`at ${width} px in ${theme}: the theme's colours, the controls in reach, nothing wider than the screen`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 740 : 900 } });
      await rememberOnDevice(context, { 'phap-bao:theme': theme });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await openChanting(page);
      await page.getByTestId('chant-toggle').click();
      const colours = await page.evaluate(() => ({
        view: getComputedStyle(document.querySelector('.chant-view')!).backgroundColor,
        body: getComputedStyle(document.body).backgroundColor,
      }));
      expect(colours.view).toBe(colours.body);
      const controls = page.getByRole('group', { name: 'Điều khiển tụng kinh' });
      for (const button of await controls.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
        expect(b.height).toBeGreaterThanOrEqual(44);
        expect(b.y + b.height).toBeLessThanOrEqual(width < 800 ? 740 : 900);
      }
      const scroller = page.getByTestId('chant-scroller');
      expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await screenshot(page, `chanting-${theme}-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
