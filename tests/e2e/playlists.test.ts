import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';
import { dragWithKeyboard } from './support/keyboard-drag.ts';
import { talkCollectionForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
/** Three talks of this file's own, each an uploaded MP3. */
const [BREATH, STEPS, BELL] = ['Bài thử Hơi thở', 'Bài thử Bước chân — phần mở đầu', 'Bài thử Tiếng chuông'];
const collection = talkCollectionForThisFile({ title: 'Tuyển tập nghe thử', talks: [BREATH, STEPS, BELL] });

async function addTalk(page: Page, collectionTitle: string, talkTitle: string, playlist: string) {
  await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.locator('.audio-collection-card', { hasText: collectionTitle }).click();
  await page.locator('.audio-talk', { hasText: talkTitle }).click();
  await page.locator('#talk-title', { hasText: talkTitle }).waitFor();
  const form = page.getByTestId('add-to-playlist');
  await form.locator('select').selectOption({ label: playlist });
  await form.getByRole('button', { name: 'Thêm' }).click();
  await form.getByRole('status').filter({ hasText: 'Đã thêm.' }).waitFor();
}

/** The same from the library's list of talks: the "+" beside a talk opens the picker. */
async function addTalkFromLibrary(page: Page, talkTitle: string, playlist: string) {
  await page.goto(`${baseURL}/thu-vien?loai=phap-am&page=1&size=10`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  const row = page.locator('.library-talks > li', { hasText: talkTitle });
  await row.locator('summary').click();
  const form = row.getByTestId('add-to-playlist');
  await form.locator('select').selectOption({ label: playlist });
  await form.getByRole('button', { name: 'Thêm' }).click();
  await form.getByRole('status').filter({ hasText: 'Đã thêm.' }).waitFor();
}

describe('playlists', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('makes a playlist, fills it from talk pages, reorders it by keyboard drag, plays it, takes a talk out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await loginAs(context, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto(`${baseURL}/profile/playlist`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByText('Bạn chưa có danh sách phát nào.').waitFor();
    await page.getByRole('link', { name: 'Tạo danh sách phát' }).first().click();
    await page.waitForURL(/\/profile\/playlist\/edit$/);
    // A failed creation shows the server's message.
    await page.locator('#playlist-name').fill('   ');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByRole('alert').filter({ hasText: 'Đây là thông tin bắt buộc' }).waitFor();
    await page.locator('#playlist-name').fill('Nghe buổi sáng');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.waitForURL(/\/profile\/playlist\/\d+$/);
    const playlistUrl = page.url();
    await page.locator('#playlist-title', { hasText: 'Nghe buổi sáng' }).waitFor();

    await addTalk(page, collection.title, BREATH, 'Nghe buổi sáng');
    await addTalk(page, collection.title, 'Bài thử Bước chân', 'Nghe buổi sáng');
    await addTalkFromLibrary(page, BELL, 'Nghe buổi sáng');
    await screenshot(page, 'library-add-to-playlist-1280');

    await page.goto(playlistUrl, { waitUntil: 'networkidle' });
    const titles = () => page.getByTestId('playlist-item').locator('.audio-talk-title').allInnerTexts();
    expect(await titles()).toEqual([BREATH, STEPS, BELL]);

    // Keyboard drag with dnd-kit: pick up the first, move it down twice, drop.
    // What dnd-kit says is Vietnamese, as on the other sortable lists.
    await dragWithKeyboard(
      page,
      page.getByRole('button', { name: `Đổi chỗ bài ${BREATH}` }),
      [
        ['ArrowDown', 'Bài đang ở vị trí 2.'],
        ['ArrowDown', 'Bài đang ở vị trí 3.'],
      ],
      'Đã đặt bài ở vị trí 3.',
    );
    await page.waitForFunction(
      (title) =>
        document.querySelector('[data-testid="playlist-item"]:last-child .audio-talk-title')?.textContent === title,
      BREATH,
    );
    // Saved: the same order after a reload.
    await page.waitForLoadState('networkidle');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await titles()).toEqual([STEPS, BELL, BREATH]);

    await page.getByRole('button', { name: 'Phát tất cả' }).click();
    await page.getByTestId('now-playing').filter({ hasText: 'Bài thử Bước chân' }).waitFor();
    await page.locator('.playlist-now').getByRole('button', { name: 'Bài sau' }).click();
    await page.getByTestId('now-playing').filter({ hasText: BELL }).waitFor();
    await screenshot(page, 'playlist-1280');

    // Reload only once the removal is answered (a reload would cancel it on a busy machine).
    await Promise.all([
      page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/profile/playlist/')),
      page.getByRole('button', { name: `Bỏ ${BELL} khỏi danh sách` }).click(),
    ]);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await titles()).toEqual([STEPS, BREATH]);
    // The one failed creation above answered 400 on purpose.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('answers 404 for another reader’s playlist and sends anonymous readers to login', async () => {
    const owner = await browser.newContext();
    await loginAs(owner, baseURL);
    const page = await owner.newPage();
    await page.goto(`${baseURL}/profile/playlist/edit`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('#playlist-name').fill('Riêng tư');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.waitForURL(/\/profile\/playlist\/\d+$/);
    const url = page.url();
    await owner.close();

    const other = await browser.newContext();
    await loginAs(other, baseURL);
    const stranger = await other.newPage();
    const res = await stranger.goto(url);
    expect(res!.status()).toBe(404);
    expect((await stranger.goto(`${url.replace(/\/(\d+)$/, '/edit/$1')}`))!.status()).toBe(404);
    await other.close();

    const anonymous = await browser.newPage();
    await anonymous.goto(`${baseURL}/profile/playlist`);
    await anonymous.waitForURL(/\/login\?redirectTo=/);
    await anonymous.close();
  });
});
