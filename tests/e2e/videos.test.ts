import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDatabase } from '#server/db/database.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { launchBrowser, SCREENSHOT_DIR, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A YouTube item in the running library (the admin area that will add them is not built yet): its
 * row and a poster of ours in the media folder.
 */
async function addYoutubeVideo(slug: string, youtubeId: string): Promise<void> {
  const database = openDatabase({ sqlitePath: path.join(dataDir, 'phap-bao.sqlite') });
  try {
    const poster = `video-${slug}.jpg`;
    fs.copyFileSync(
      path.join(root, 'data', 'demo', 'videos', 'video-thien-tong-la-gi.jpg'),
      path.join(dataDir, 'media', poster),
    );
    const at = new Date().toISOString();
    await createRepositories(database.db).videos.insert({
      slug,
      title: 'Thiền qua lời giảng (YouTube)',
      description: 'Một bài giảng về Thiền đăng trên YouTube.',
      speaker: 'Ban biên tập Pháp Bảo',
      provider: 'youtube',
      youtube_id: youtubeId,
      file_name: null,
      thumbnail_file: poster,
      transcript_file: null,
      duration_seconds: 600,
      status: 'published',
      published_at: '2026-01-01T00:00:00.000Z',
      created_at: at,
      updated_at: at,
      license_spdx: null,
      license_name: null,
      license_url: null,
      license_attribution: null,
    });
  } finally {
    await database.close();
  }
}

describe('videos', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists the videos, finds one without diacritics and plays it with its transcript following', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/videos`, { waitUntil: 'networkidle' });
    const cards = page.locator('.video-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    // Posters are ours and load.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.video-thumb img')].every((img) => img.naturalWidth > 0),
    );
    await screenshot(page, 'videos-390');

    await page.locator('#video-tim').fill('le vu lan');
    await page.locator('#video-tim').press('Enter');
    await page.waitForURL(/tim=le\+vu\+lan/);
    await page.getByTestId('video-count').filter({ hasText: '1 video' }).waitFor();
    expect(await cards.count()).toBe(1);
    await cards.first().click();
    await page.waitForURL(/xem=le-vu-lan-bao-hieu/);
    await page.locator('#video-title', { hasText: 'Lễ Vu Lan' }).waitFor();

    // The MP4 answers Range requests: the browser learns its length, then decodes and plays it.
    const video = page.getByTestId('video-element');
    await page.waitForFunction(() => (document.querySelector('video')?.duration ?? 0) > 40);
    const cues = page.getByTestId('transcript').locator('li');
    expect(await cues.count()).toBeGreaterThan(3);
    const line = cues.nth(3);
    const at = await line.locator('.talk-cue-time').innerText();
    await line.getByRole('button').click();
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return !!v && !v.paused && v.currentTime > 1;
    });
    await page.locator('.talk-cues li[aria-current="true"] .talk-cue-time', { hasText: at }).waitFor();
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.waitForFunction((t) => (document.querySelector('video')?.currentTime ?? 0) > t + 0.5, before);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await screenshot(page, 'video-page-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const width of [320, 390]) {
    it(`at ${width} px shows the title and details above the transcript`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      await page.goto(`${baseURL}/videos?xem=thien-tong-la-gi`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const transcript = (await page.locator('.video-main .talk-transcript').boundingBox())!;
      const title = (await page.locator('#video-title').boundingBox())!;
      const meta = (await page.locator('.video-meta').boundingBox())!;
      const license = (await page.locator('.video-license').boundingBox())!;
      for (const box of [title, meta, license]) expect(box.y + box.height).toBeLessThanOrEqual(transcript.y);
      // The title is on the first screen, right under the video.
      expect(title.y + title.height).toBeLessThan(844);
      const frame = (await page.locator('.video-frame').boundingBox())!;
      expect(title.y).toBeGreaterThanOrEqual(frame.y + frame.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/video-title-first-${width}.png` });
      await page.close();
    });
  }

  it('opens a video at a moment from its address', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseURL}/videos?xem=thien-tong-la-gi&t=20`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Math.round(document.querySelector('video')?.currentTime ?? 0) === 20);
    await page.locator('.talk-cues li[aria-current="true"]').waitFor();
    await screenshot(page, 'video-page-1280');
    await page.close();
  });

  it('shows a YouTube item behind our own poster and asks YouTube for nothing until play is pressed', async () => {
    await addYoutubeVideo('thien-tong-youtube', 'M7lc1UVf-VE');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    const elsewhere: string[] = [];
    // Nothing leaves for another host: record and refuse every such request.
    await page.route(
      (url) => !url.href.startsWith(baseURL),
      async (route) => {
        elsewhere.push(route.request().url());
        await route.abort();
      },
    );
    await page.goto(`${baseURL}/videos?xem=thien-tong-youtube`, { waitUntil: 'networkidle' });
    const facade = page.getByTestId('youtube-facade');
    await facade.waitFor();
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('[data-testid="youtube-facade"] img')?.naturalWidth ?? 0) > 0,
    );
    expect(await facade.locator('img').getAttribute('src')).toBe('/media/video-thien-tong-youtube.jpg');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(elsewhere).toEqual([]);
    await screenshot(page, 'video-youtube-facade-1280');

    await facade.click();
    const frame = page.getByTestId('youtube-frame');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE\?/);
    expect(new URL(src!).searchParams.get('autoplay')).toBe('1');
    await expect.poll(() => elsewhere.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    // The refused frame logs a network error in the console: that is this test's doing, not the page's.
    expect(errors.filter((e) => !/youtube-nocookie|ERR_FAILED|net::/i.test(e))).toEqual([]);
    await page.close();
  });
});
