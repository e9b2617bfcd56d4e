import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatClock } from '#common/clock.ts';
import { MP3_FRAME_SECONDS, makeSilentMp3 } from '../factories/import-files.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAsAdmin } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

describe('the administration of talks and videos', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lets an admin upload a talk with its transcript, publish it and play it on its page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.profile-menu').getByRole('link', { name: 'Pháp âm' }).click();
    await page.waitForURL(/\/quan-tri\/phap-am$/);

    // A new collection, published at once.
    const collectionForm = page.getByTestId('collection-form');
    await collectionForm.getByLabel('Tên tuyển tập').fill('Pháp thoại tải lên thử');
    await collectionForm.getByLabel('Xuất bản ngay').check();
    await collectionForm.getByRole('button', { name: 'Tạo tuyển tập' }).click();
    const collections = page.getByTestId('collection-list');
    await collections.getByRole('link', { name: 'Pháp thoại tải lên thử' }).click();
    await page.waitForURL(/\/quan-tri\/phap-am\/\d+$/);
    const collectionAdmin = page.url();
    await page.getByRole('heading', { name: 'Pháp thoại tải lên thử' }).waitFor();

    // Upload an MP3 of about 40 seconds with an SRT transcript.
    const frames = 1530;
    const seconds = frames * MP3_FRAME_SECONDS;
    const upload = page.getByTestId('talk-upload-form');
    await upload.locator('#talk-file').setInputFiles({
      name: 'buoi-tai-len.mp3',
      mimeType: 'audio/mpeg',
      buffer: makeSilentMp3(frames),
    });
    await upload.locator('#talk-transcript').setInputFiles({
      name: 'buoi-tai-len.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from(
        '1\n00:00:00,000 --> 00:00:05,000\nKính chào đại chúng, hôm nay ta học thở.\n\n2\n00:00:05,000 --> 00:00:12,000\nThở vào, tâm an; thở ra, mỉm cười.\n',
      ),
    });
    await upload.getByLabel(/^Tên bài/).fill('Buổi pháp thoại tải lên');
    await upload.getByRole('button', { name: 'Tải lên' }).click();
    await upload.getByTestId('upload-done').filter({ hasText: 'Buổi pháp thoại tải lên' }).waitFor();
    const row = page.getByTestId('talk-row').filter({ hasText: 'Buổi pháp thoại tải lên' });
    await row.waitFor();
    expect(await row.getByTestId('talk-duration').innerText()).toBe(formatClock(Math.round(seconds)));
    expect(await row.innerText()).toContain('Có lời');
    expect(await row.innerText()).toContain('Bản nháp');

    await row.getByRole('button', { name: 'Xuất bản' }).click();
    await row.locator('.media-status-published').waitFor();
    await screenshot(page, 'admin-talks-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByText('Sửa, thêm lời, xoá').click();
    await screenshot(page, 'admin-talks-390');
    await row.getByText('Sửa, thêm lời, xoá').click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its page: the player bar plays it, with the duration read from the file, and its transcript.
    await row.getByRole('link', { name: 'Nghe' }).click();
    await page.waitForURL(/\/phap-am\/\d+\?nghe=\d+/);
    await page.locator('#talk-title', { hasText: 'Buổi pháp thoại tải lên' }).waitFor();
    await page.getByTestId('transcript').getByText('Thở vào, tâm an; thở ra, mỉm cười.').waitFor();
    await page.getByTestId('talk-play').click();
    await page.getByTestId('player-bar').filter({ hasText: 'Buổi pháp thoại tải lên' }).waitFor();
    const duration = await page.waitForFunction(() => {
      const d = document.querySelector('audio')?.duration ?? NaN;
      return Number.isFinite(d) && d > 0 ? d : false;
    });
    expect(Math.abs(Number(await duration.jsonValue()) - seconds)).toBeLessThan(0.5);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2);
    await page.getByTestId('player-toggle').click();
    const audioUrl = await page.evaluate(() => document.querySelector('audio')!.src);

    // "Share this passage" of the uploaded talk (its file is under phap-am/): the clip link answers with audio.
    const player = page.getByTestId('talk-player');
    await player.getByRole('button', { name: 'Chia sẻ đoạn này' }).click();
    const sharer = page.getByTestId('clip-sharer');
    await sharer.getByRole('button', { name: /^Điểm đầu/ }).click();
    await player.getByRole('button', { name: 'Tới 15 giây' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 10);
    await sharer.getByRole('button', { name: /^Điểm cuối/ }).click();
    const clipHref = await sharer.getByTestId('clip-link').getAttribute('href');
    const clip = await context.request.get(`${baseURL}${clipHref}`);
    expect(clip.status()).toBe(200);
    expect(clip.headers()['content-type']).toBe('audio/mpeg');
    expect((await clip.body()).length).toBeGreaterThan(1000);

    // Deleted again (files too), and the collection unpublished: the demo's counts stay true for the other files.
    await page.goto(collectionAdmin, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const again = page.getByTestId('talk-row').filter({ hasText: 'Buổi pháp thoại tải lên' });
    await again.getByText('Sửa, thêm lời, xoá').click();
    page.once('dialog', (dialog) => void dialog.accept());
    await again.getByRole('button', { name: 'Xoá bài này' }).click();
    await page.getByRole('status').filter({ hasText: 'Đã xoá “Buổi pháp thoại tải lên”' }).waitFor();
    await again.waitFor({ state: 'detached' });
    expect((await context.request.get(audioUrl)).status()).toBe(404);
    await page.goto(`${baseURL}/quan-tri/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const listed = page.getByTestId('collection-list').locator('li', { hasText: 'Pháp thoại tải lên thử' });
    await listed.getByRole('button', { name: 'Thôi xuất bản' }).click();
    await listed.getByText('Bản nháp').waitFor();
    await screenshot(page, 'admin-talk-collections-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an admin add a YouTube video by its address, shown behind our facade', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri/video`, { waitUntil: 'networkidle' });
    await waitForHydration(page);

    const form = page.getByTestId('youtube-form');
    await form.getByLabel('Địa chỉ YouTube').fill('https://vimeo.com/12345');
    await form.getByLabel('Tên video').fill('Thiền hành giữa phố thị');
    await form.getByRole('button', { name: 'Thêm video' }).click();
    await form.getByTestId('upload-error').filter({ hasText: 'Địa chỉ YouTube không hợp lệ' }).waitFor();
    // The browser logs that refused request (400) as a console error: expected here, not after.
    expect(errors.splice(0).every((e) => e.includes('400'))).toBe(true);

    await form.getByLabel('Địa chỉ YouTube').fill('https://youtu.be/M7lc1UVf-VE?si=chiase');
    await form.getByLabel('Xuất bản ngay').check();
    await form.getByRole('button', { name: 'Thêm video' }).click();
    await form.getByTestId('upload-done').waitFor();
    const row = page.getByTestId('video-row').filter({ hasText: 'Thiền hành giữa phố thị' });
    await row.waitFor();
    expect(await row.innerText()).toContain('YouTube · M7lc1UVf-VE');
    await screenshot(page, 'admin-videos-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-videos-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its page shows our facade (the title card: no poster was given) and no YouTube frame before play.
    const elsewhere: string[] = [];
    await page.route(
      (url) => !url.href.startsWith(baseURL),
      async (route) => {
        elsewhere.push(route.request().url());
        await route.abort();
      },
    );
    await row.getByRole('link', { name: 'Xem' }).click();
    await page.waitForURL(/\/videos\?xem=/);
    const facade = page.getByTestId('youtube-facade');
    await facade.waitFor();
    expect(await facade.innerText()).toContain('Thiền hành giữa phố thị');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(elsewhere).toEqual([]);
    await screenshot(page, 'admin-video-public-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-video-public-390');

    // A refused edit keeps that row's form open with the server's message, and only that row's.
    await page.goto(`${baseURL}/quan-tri/video`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const again = page.getByTestId('video-row').filter({ hasText: 'Thiền hành giữa phố thị' });
    await again.getByText('Sửa, đổi ảnh bìa, xoá').click();
    await again.getByLabel('Địa chỉ YouTube').fill('https://vimeo.com/12345');
    await again.getByRole('button', { name: 'Lưu video' }).click();
    await again.getByRole('alert').filter({ hasText: 'Địa chỉ YouTube không hợp lệ' }).waitFor();
    expect(await page.locator('details.admin-media-details[open]').count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: 'Địa chỉ YouTube không hợp lệ' }).count()).toBe(1);
    expect(await again.locator('details.admin-media-details').getAttribute('open')).not.toBeNull();
    await again.getByRole('alert').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-video-refused-edit-390', { fullPage: false });
    expect(errors.splice(0).every((e) => e.includes('400'))).toBe(true);

    // Deleted again, so the other files see the demo videos only.
    page.once('dialog', (dialog) => void dialog.accept());
    await again.getByRole('button', { name: 'Xoá video này' }).click();
    await page.getByRole('status').filter({ hasText: 'Đã xoá “Thiền hành giữa phố thị”' }).waitFor();
    await again.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
