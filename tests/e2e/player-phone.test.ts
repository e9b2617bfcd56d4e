import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, waitForHydration, watchPageErrors } from './support/browser.ts';
import { talkCollectionForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
/** A collection of several talks (the bar then has previous and next), each an uploaded MP3. */
const collection = talkCollectionForThisFile({
  title: 'Tuyển tập nghe trên điện thoại',
  talks: ['Bài thử Tâm an', 'Bài thử Thân khỏe', 'Bài thử Nhà vui'],
  seconds: 60,
});

const rate = (page: Page) => page.evaluate(() => document.querySelector('audio')!.playbackRate);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} is not shown`);
  return { ...b, right: b.x + b.width, middle: b.y + b.height / 2 };
}

/**
 * Listening on a phone like in a real player: the speed in the bar and on the talk
 * page at every width, the talk's controls on one row at 320 px, the times at both ends of the
 * seek bar.
 */
describe('the talk player at phone and desktop widths', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('at 320 px with a queue: a readable title, the queue beside the seek bar, the bottom bar on one line', async () => {
    const width = 320;
    const page = await browser.newPage({ viewport: { width, height: 640 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.audio-collection-card', { hasText: collection.title }).click();
    await page.locator('#talk-title', { hasText: collection.talks[0]!.title }).waitFor();
    await page.getByTestId('talk-play').click();
    const bar = page.getByTestId('player-bar');
    await bar.waitFor();
    // A collection of several talks: the bar has previous and next.
    const previous = bar.getByRole('button', { name: 'Bài trước' });
    const next = bar.getByRole('button', { name: 'Bài sau' });
    expect(await next.isVisible()).toBe(true);

    // The title has at least 120 px and two lines; its whole text is the link's name and tooltip.
    const title = bar.locator('.player-bar-title');
    const t = await box(title);
    expect(t.width).toBeGreaterThanOrEqual(120);
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(await title.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('2');
    expect(t.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    expect(await title.getAttribute('title')).toBe(await title.textContent());
    // Previous and next frame the seek bar on the second row, all inside the screen.
    const seek = await box(bar.locator('.player-bar-seek input'));
    const [p, n, play] = await Promise.all([box(previous), box(next), box(bar.getByTestId('player-toggle'))]);
    expect(p.right).toBeLessThanOrEqual(seek.x);
    expect(n.x).toBeGreaterThanOrEqual(seek.right);
    expect(Math.abs(p.middle - seek.middle)).toBeLessThan(4);
    expect(seek.width).toBeGreaterThanOrEqual(80);
    expect(play.middle).toBeLessThan(seek.middle);
    for (const b of [p, n, play]) {
      expect(b.right).toBeLessThanOrEqual(width);
      expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/player-queue-320.png` });

    // The bottom bar: each label on one line, at least 11 px, inside its own 44 px target.
    const items = page.locator('nav.bottom-bar a');
    expect(await items.count()).toBe(6);
    for (const item of await items.all()) {
      const label = item.locator('span');
      const [i, l] = await Promise.all([box(item), box(label)]);
      const style = await label.evaluate((el) => ({
        size: parseFloat(getComputedStyle(el).fontSize),
        line: parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.6,
      }));
      expect(style.size).toBeGreaterThanOrEqual(11);
      expect(l.height, await label.innerText()).toBeLessThan(style.line * 1.5);
      expect(l.x).toBeGreaterThanOrEqual(i.x - 0.5);
      expect(l.right).toBeLessThanOrEqual(i.right + 0.5);
      expect(Math.min(i.width, i.height)).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
  });

  // Every width: phones, a tablet, the width where the bar used to drop its speed, a laptop.
  for (const width of [320, 390, 768, 1024, 1366]) {
    it(`at ${width} px: speed works, controls stay on one row, times at both ends`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 740 } });
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.locator('.audio-collection-card', { hasText: collection.title }).click();
      await page.locator('#talk-title', { hasText: collection.talks[0]!.title }).waitFor();
      await page.getByTestId('talk-play').click();
      await page.getByTestId('player-bar').waitFor();
      await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);

      // Speed on the talk card and in the bar, both shown and both changing the audio's rate.
      const talkSpeed = page.getByTestId('talk-speed');
      const barSpeed = page.getByTestId('player-speed');
      for (const speed of [talkSpeed, barSpeed]) {
        const b = await box(speed);
        expect(b.width).toBeGreaterThan(30);
        expect(b.right).toBeLessThanOrEqual(width);
      }
      expect(await rate(page)).toBe(1);
      await talkSpeed.click();
      expect(await rate(page)).toBe(1.25);
      expect(await barSpeed.innerText()).toBe('1,25×');
      await barSpeed.click();
      expect(await rate(page)).toBe(1.5);
      expect(await talkSpeed.innerText()).toBe('1,5×');

      // One row: speed, −15, play, +15 share a middle line, inside the card.
      const card = await box(page.getByTestId('talk-player'));
      const controls = [
        talkSpeed,
        page.getByRole('button', { name: 'Lùi 15 giây' }).first(),
        page.getByTestId('talk-play'),
        page.getByRole('button', { name: 'Tới 15 giây' }).first(),
      ];
      const boxes = await Promise.all(controls.map(box));
      for (const b of boxes) {
        expect(Math.abs(b.middle - boxes[2]!.middle)).toBeLessThan(2);
        expect(b.right).toBeLessThanOrEqual(card.right);
      }
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
      // The big round play button.
      expect(boxes[2]!.width).toBeGreaterThanOrEqual(56);
      expect(Math.abs(boxes[2]!.width - boxes[2]!.height)).toBeLessThan(1);

      // The seek bar: the time listened at its left end, the length at its right end.
      const elapsed = await box(page.locator('.talk-time'));
      const timeline = await box(page.getByTestId('talk-timeline'));
      const total = await box(page.locator('.talk-duration'));
      expect(elapsed.right).toBeLessThanOrEqual(timeline.x);
      expect(total.x).toBeGreaterThanOrEqual(timeline.right);
      expect(Math.abs(elapsed.middle - timeline.middle)).toBeLessThan(3);
      expect(Math.abs(total.middle - timeline.middle)).toBeLessThan(3);
      expect(await page.locator('.talk-duration').innerText()).toMatch(/(^|\s)\d+:\d{2}$/);

      // The bar's rows fit the screen too.
      const bar = page.getByTestId('player-bar');
      for (const part of ['.player-bar-time', '.player-bar-play', '.player-bar-seek input']) {
        expect((await box(bar.locator(part).last())).right).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByTestId('player-toggle').click();
      await page.getByTestId('talk-player').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/talk-player-${width}.png` });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
