import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { talkCollectionForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
/** Three talks of this file's own (two follow the first in the queue), each an uploaded MP3 of 2 minutes. */
const collection = talkCollectionForThisFile({
  title: 'Tuyển tập nghe trước khi ngủ',
  talks: ['Bài thử Buông thư', 'Bài thử Ngủ ngon', 'Bài thử Sáng mai'],
  seconds: 120,
});

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio')!;
    return { paused: a.paused, rate: a.playbackRate, volume: a.volume, ended: a.ended };
  });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} is not shown`);
  return { ...b, right: b.x + b.width, middle: b.y + b.height / 2 };
}

/** The time left (or "Hết bài") shown beside a timer's moon. */
const timeLeft = (page: Page, testId: string) => page.getByTestId(testId).locator('.sleep-timer-left');

/** This file's collection from the list of collections, on its first talk. */
async function openCollection(page: Page) {
  await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
  await page.locator('.audio-collection-card', { hasText: collection.title }).click();
  await page.locator('#talk-title', { hasText: collection.talks[0]!.title }).waitFor();
  await waitForHydration(page);
}

async function startPlaying(page: Page) {
  await page.getByTestId('talk-play').click();
  await page.getByTestId('player-bar').waitFor();
  await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
}

/** Chooses `choice` (minutes or "Hết bài") in the menu `testId` opens, and waits till its time left reads `shown`. */
async function setTimer(page: Page, testId: 'talk-sleep' | 'player-sleep', choice: string, shown: RegExp | string) {
  await page.getByTestId(testId).click();
  await page.getByRole('button', { name: choice }).click();
  await timeLeft(page, testId).filter({ hasText: shown }).waitFor();
}

/**
 * The sleep timer of talks (app/components/audio/sleep-timer.tsx, the player store) and the speed
 * each talk keeps on the device. Time is Playwright's clock: the page's Date and timers jump,
 * while the audio plays on in real time.
 */
describe('sleep timer and speed per talk', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  /** A page `width` px wide on the first talk, playing, its clock (Date and timers) in the test's hands. */
  async function playingOnOwnClock(width: number, height: number) {
    const page = await browser.newPage({ viewport: { width, height } });
    const errors = watchPageErrors(page);
    await page.clock.install();
    await openCollection(page);
    await startPlaying(page);
    return { page, errors };
  }

  it('at 320 px and 2×: stops after 15 minutes of real time, fading its last seconds, shown in the bar and on the talk page', async () => {
    const width = 320;
    const { page, errors } = await playingOnOwnClock(width, 700);
    const talkSpeed = page.getByTestId('talk-speed');
    while ((await talkSpeed.innerText()) !== '2×') await talkSpeed.click();
    expect((await audio(page)).rate).toBe(2);

    await page.getByTestId('player-sleep').click();
    const menu = page.getByRole('group', { name: 'Dừng phát sau' });
    await menu.waitFor();
    expect(await menu.getByRole('button').allInnerTexts()).toEqual([
      '15 phút',
      '30 phút',
      '45 phút',
      '60 phút',
      'Hết bài',
    ]);
    const menuBox = await box(menu);
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.right).toBeLessThanOrEqual(width);
    await screenshot(page, 'sleep-timer-menu-320', { fullPage: false });
    await menu.getByRole('button', { name: '15 phút' }).click();
    await timeLeft(page, 'player-sleep')
      .filter({ hasText: /^1[45]:\d\d$/ })
      .waitFor();

    // 7½ minutes is where a timer counting the talk's time at 2× would stop: it plays on.
    await page.clock.runFor(7.5 * 60_000 + 2000);
    expect(await audio(page)).toMatchObject({ paused: false, volume: 1 });
    await page.clock.runFor(6.5 * 60_000);
    expect((await audio(page)).paused).toBe(false);
    // About a minute left (the page's clock also runs on by itself), the same on both timers.
    await timeLeft(page, 'player-sleep')
      .filter({ hasText: /^(1:00|0:[345]\d)$/ })
      .waitFor();
    expect(await timeLeft(page, 'talk-sleep').innerText()).toBe(await timeLeft(page, 'player-sleep').innerText());

    // The bar's timer stays on the seek bar's row, inside 320 px.
    const bar = page.getByTestId('player-bar');
    const sleepBox = await box(page.getByTestId('player-sleep'));
    const seekBox = await box(bar.locator('.player-bar-seek'));
    expect(Math.abs(sleepBox.middle - seekBox.middle)).toBeLessThan(4);
    expect(sleepBox.right).toBeLessThanOrEqual(width);
    // On the talk card it ends the seek row, after the talk's length.
    const [talkSleep, timeline] = await Promise.all([
      box(page.getByTestId('talk-sleep')),
      box(page.getByTestId('talk-timeline')),
    ]);
    expect(Math.abs(talkSleep.middle - timeline.middle)).toBeLessThan(4);
    expect(talkSleep.x).toBeGreaterThan(timeline.right);
    expect(talkSleep.right).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, 'sleep-timer-set-320', { fullPage: false });

    // The last 10 seconds fade: at 5 s left the volume is about half.
    const seconds = Number((await timeLeft(page, 'player-sleep').innerText()).split(':')[1]) || 60;
    await page.clock.runFor((seconds - 5) * 1000);
    const fading = await audio(page);
    expect(fading.paused).toBe(false);
    expect(fading.volume).toBeGreaterThan(0.3);
    expect(fading.volume).toBeLessThan(0.7);
    await page.clock.runFor(6000);
    await page.waitForFunction(() => document.querySelector('audio')!.paused);
    // Stopped, the timer is gone and the volume is back for the next listen.
    expect(await audio(page)).toMatchObject({ paused: true, volume: 1 });
    expect(await timeLeft(page, 'player-sleep').count()).toBe(0);
    expect(await page.getByTestId('player-sleep').getAttribute('data-active')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Hết bài" stops at the end of the talk instead of going on with the queue; a timer can be cancelled', async () => {
    const { page, errors } = await playingOnOwnClock(390, 844);

    // Cancelled: nothing stops the talk after the minutes chosen.
    await setTimer(page, 'talk-sleep', '30 phút', /^(30:00|29:5\d)$/);
    await page.getByTestId('talk-sleep').click();
    await page.getByRole('button', { name: 'Tắt hẹn giờ' }).click();
    expect(await timeLeft(page, 'talk-sleep').count()).toBe(0);
    await page.clock.runFor(31 * 60_000);
    expect((await audio(page)).paused).toBe(false);

    await setTimer(page, 'player-sleep', 'Hết bài', 'Hết bài');
    await screenshot(page, 'sleep-timer-end-of-talk-390', { fullPage: false });
    // Two seconds before the end (the collection has two more talks after this one).
    await page.evaluate(() => {
      const a = document.querySelector('audio')!;
      a.currentTime = a.duration - 2;
    });
    await page.waitForFunction(() => document.querySelector('audio')!.ended);
    expect(await audio(page)).toMatchObject({ paused: true, volume: 1 });
    await page.getByTestId('player-bar').filter({ hasText: collection.talks[0]!.title }).waitFor();
    expect(await timeLeft(page, 'player-sleep').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('holds while the talk is paused (a pause for a call does not run the timer out) and runs on with playback', async () => {
    const { page, errors } = await playingOnOwnClock(390, 844);
    await setTimer(page, 'talk-sleep', '15 phút', /^(15:00|14:5\d)$/);
    await page.getByTestId('talk-play').click();
    await page.waitForFunction(() => document.querySelector('audio')!.paused);
    // The display may still show the last second counted before the pause: read it once it has settled.
    await page.clock.runFor(2_000);
    const held = await timeLeft(page, 'talk-sleep').innerText();
    // Twenty minutes paused: the timer still shows the same time left, and has not fired.
    await page.clock.runFor(20 * 60_000);
    expect(await timeLeft(page, 'talk-sleep').innerText()).toBe(held);
    expect(await timeLeft(page, 'player-sleep').innerText()).toBe(held);
    await screenshot(page, 'sleep-timer-held-390', { fullPage: false });

    // Playing again, it counts down from there and stops the talk about 15 minutes of listening later.
    await page.getByTestId('talk-play').click();
    await page.waitForFunction(() => !document.querySelector('audio')!.paused);
    await page.clock.runFor(60_000);
    await timeLeft(page, 'talk-sleep')
      .filter({ hasText: /^1[34]:\d\d$/ })
      .waitFor();
    expect((await audio(page)).paused).toBe(false);
    await page.clock.runFor(14.5 * 60_000);
    await page.waitForFunction(() => document.querySelector('audio')!.paused);
    expect(await timeLeft(page, 'talk-sleep').count()).toBe(0);

    // Set while paused, the minutes wait for playback.
    await setTimer(page, 'talk-sleep', '30 phút', '30:00');
    await page.clock.runFor(40 * 60_000);
    expect(await timeLeft(page, 'talk-sleep').innerText()).toBe('30:00');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('remembers the speed of each talk on the device, the bar and the talk page agreeing, after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchPageErrors(page);
    await openCollection(page);
    const firstTalk = page.url();
    await startPlaying(page);
    const talkSpeed = page.getByTestId('talk-speed');
    const barSpeed = page.getByTestId('player-speed');
    await talkSpeed.click();
    await barSpeed.click();
    expect((await audio(page)).rate).toBe(1.5);
    expect(await talkSpeed.innerText()).toBe('1,5×');

    // Another talk keeps its own speed (1× until changed).
    const other = collection.talks[1]!.title;
    await page.locator('.audio-talk', { hasText: other }).click();
    await page.locator('#talk-title', { hasText: other }).waitFor();
    expect(await talkSpeed.innerText()).toBe('1×');
    await page.getByTestId('talk-play').click();
    await page.getByTestId('player-bar').filter({ hasText: other }).waitFor();
    await page.waitForFunction(() => document.querySelector('audio')!.playbackRate === 1);
    expect(await barSpeed.innerText()).toBe('1×');
    await screenshot(page, 'talk-speed-per-talk-1366', { fullPage: false });

    // After a reload on the first talk's page: its speed, before and after pressing play.
    await page.goto(firstTalk, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('[data-testid="talk-speed"]', { hasText: '1,5×' }).waitFor();
    expect(await barSpeed.innerText()).toBe('1×');
    await page.getByTestId('talk-play').click();
    await page.getByTestId('player-bar').filter({ hasText: collection.talks[0]!.title }).waitFor();
    await page.waitForFunction(() => document.querySelector('audio')!.playbackRate === 1.5);
    expect(await barSpeed.innerText()).toBe('1,5×');
    expect(errors).toEqual([]);
    await page.close();
  });
});
