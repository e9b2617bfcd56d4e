import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';
import { talkCollectionForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
/** A word no other talk says: the transcript search finds this file's talks only. */
const WORD = `tiengvong${crypto.randomBytes(3).toString('hex')}`;
/**
 * Three talks of this file's own, each an uploaded MP3 of 90 s with a transcript of a line every
 * 4 s; line 6 (at 0:20) holds the searched words.
 */
const collection = talkCollectionForThisFile({
  title: 'Tuyển tập nghe giảng',
  talks: ['Bài thử Hơi thở chánh niệm', 'Bài thử Bước chân an lạc', 'Bài thử Tiếng chuông tỉnh thức'],
  seconds: 90,
  transcript: {
    lines: [
      'Kính thưa đại chúng, hôm nay chúng ta cùng tập thở.',
      'Ngồi cho thẳng lưng, hai vai buông lỏng.',
      'Đưa tâm về với hơi thở vào và hơi thở ra.',
      'Thở vào, biết mình đang thở vào.',
      'Thở ra, biết mình đang thở ra.',
      `Thở vào ${WORD}, tâm lắng xuống như nước trong.`,
      'Thở ra, mỉm cười với thân và tâm.',
      'Nếu tâm chạy đi, nhẹ nhàng đưa về.',
      'Mỗi hơi thở là một lần trở về.',
      'Xin cảm ơn đại chúng đã lắng nghe.',
    ],
  },
});

/** This file's collection, from the list of collections: its first talk's page. */
async function openCollection(page: Page) {
  await page.locator('.audio-collection-card', { hasText: collection.title }).click();
  await page.locator('#talk-title', { hasText: collection.talks[0]!.title }).waitFor();
}

describe('talks (pháp âm)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists the collections and opens one with its talks, player and transcript', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    // Every published collection has its card.
    const published = (await (await fetch(`${baseURL}/api/v1/public/audio_collections`)).json()) as {
      data: { items: unknown[] };
    };
    const cards = page.locator('.audio-collection-card');
    expect(await cards.count()).toBe(published.data.items.length);
    const card = cards.filter({ hasText: collection.title });
    expect(await card.count()).toBe(1);
    await card.click();
    await page.waitForURL(/\/phap-am\/\d+$/);
    await page.locator('#talk-title', { hasText: collection.talks[0]!.title }).waitFor();
    expect(await page.locator('.audio-talk').count()).toBe(3);
    const cues = page.getByTestId('transcript').locator('li');
    expect(await cues.count()).toBeGreaterThan(5);
    // Play: the site's player bar appears; the audio answers Range requests, so the browser learns its length.
    await page.getByTestId('talk-play').click();
    await page.getByTestId('player-bar').filter({ hasText: collection.talks[0]!.title }).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.duration ?? 0) > 80);
    await page.getByTestId('player-toggle').click();
    await screenshot(page, 'audio-collection-1280');

    // A click on a transcript line plays from there and marks it.
    const line = cues.nth(4);
    const at = await line.locator('.talk-cue-time').innerText();
    await line.getByRole('button').click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 10);
    await page.locator('.talk-cues li[aria-current="true"] .talk-cue-time', { hasText: at }).waitFor();

    // Another talk of the collection.
    await page.locator('.audio-talk', { hasText: collection.talks[2]!.title }).click();
    await page.waitForURL(/nghe=\d+/);
    await page.locator('#talk-title', { hasText: collection.talks[2]!.title }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a transcript search hit at its moment', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchPageErrors(page);
    // Written without its accents, as a reader types it.
    await page.goto(`${baseURL}/search?query=tho+vao+${WORD}&mode=strict&type=transcript`, {
      waitUntil: 'networkidle',
    });
    await waitForHydration(page);
    const passage = page.locator('.search-result[data-type="transcript"] .search-passage').first();
    const label = await passage.locator('.search-passage-label').innerText();
    expect(label).toMatch(/^\d+:\d{2}$/);
    await passage.click();
    await page.waitForURL(/\/phap-am\/\d+\?nghe=\d+&t=\d+/);
    const t = Number(new URL(page.url()).searchParams.get('t'));
    await page.waitForFunction(
      (seconds) => Math.abs((document.querySelector('audio')?.currentTime ?? -1) - seconds) < 1,
      t,
    );
    const mmss = `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
    await page.locator('.audio-start-note', { hasText: mmss }).waitFor();
    // The line found is the one marked.
    expect(await page.locator('.talk-cues li[aria-current="true"]').innerText()).toContain(`Thở vào ${WORD}`);
    await screenshot(page, 'audio-from-search-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares a passage as a clip that plays and downloads', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await openCollection(page);
    await page.getByRole('button', { name: 'Chia sẻ đoạn này' }).click();
    const cues = page.getByTestId('transcript').locator('li');
    // Start at the 4th line, end at the 7th.
    await cues.nth(3).getByRole('button').click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 5);
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await page.getByRole('button', { name: /^Điểm đầu/ }).click();
    await cues.nth(6).getByRole('button').click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 15);
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await page.getByRole('button', { name: /^Điểm cuối/ }).click();
    const link = page.getByTestId('clip-link');
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    const params = new URL(href, baseURL).searchParams;
    expect(Number(params.get('end'))).toBeGreaterThan(Number(params.get('start')));
    const clip = await page.request.get(new URL(href, baseURL).toString());
    expect(clip.status()).toBe(200);
    expect(clip.headers()['content-type']).toBe('audio/mpeg');
    expect((await clip.body()).length).toBeGreaterThan(1000);
    // The browser plays it.
    const player = await browser.newPage();
    await player.setContent(`<audio src="${new URL(href, baseURL)}" preload="auto"></audio>`);
    const duration = await player.waitForFunction(() => {
      const d = document.querySelector('audio')?.duration ?? NaN;
      return Number.isFinite(d) && d > 0 ? d : false;
    });
    expect(
      Math.abs(Number(await duration.jsonValue()) - (Number(params.get('end')) - Number(params.get('start')))),
    ).toBeLessThan(0.5);
    await player.close();
    await screenshot(page, 'audio-clip-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('bookmarks a moment for a logged-in reader: a mark on the timeline that seeks there', async () => {
    const anonymous = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await anonymous.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(anonymous);
    await openCollection(anonymous);
    await anonymous.locator('.talk-bookmarks-login', { hasText: 'Đăng nhập' }).waitFor();
    await anonymous.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const me = await loginAs(context, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await openCollection(page);
    const cues = page.getByTestId('transcript').locator('li');
    // Logged in, each line has its "Sửa lỗi" pencil too: the line's own button comes first.
    await cues.nth(5).getByRole('button').first().click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 10);
    await page.evaluate(() => document.querySelector('audio')?.pause());
    // A logged-in reader's position goes to the account too (the playback record of the API).
    const pausedAt = await page.evaluate(() => document.querySelector('audio')!.currentTime);
    await expect
      .poll(async () => {
        const res = await page.request.get(`${baseURL}/api/v1/playback`, { headers: { 'x-token': me.token } });
        const body = (await res.json()) as { data: { books: { code: string; currentTime: number }[] } };
        return body.data.books.find((b) => b.code.startsWith('talk-'))?.currentTime ?? -1;
      })
      .toBeGreaterThan(pausedAt - 1);
    await page.getByRole('button', { name: /^Đánh dấu chỗ này/ }).click();
    const item = page.getByTestId('bookmarks').locator('.talk-bookmark-list li');
    await item.first().waitFor();
    const at = await item.first().locator('.talk-cue-time').innerText();
    const mark = page.getByTestId('talk-timeline').locator('.talk-mark');
    expect(await mark.count()).toBe(1);
    // Back to the start, then the mark brings playback to the bookmark.
    await cues.nth(0).getByRole('button').first().click();
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 99) < 5);
    await mark.click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 10);
    expect(await page.locator('.talk-time').innerText()).toContain(at);
    await screenshot(page, 'audio-bookmark-1280');
    // Still there after a reload; then removed.
    await page.reload({ waitUntil: 'networkidle' });
    await item.first().waitFor();
    await page.getByRole('button', { name: /^Xoá dấu/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.talk-bookmark-list li').length === 0);
    expect(await mark.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers each collection as a podcast feed with enclosures podcast apps can play', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await openCollection(page);
    const feedHref = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    expect(feedHref).toMatch(/^\/phap-am\/\d+\/rss$/);
    const feed = await page.request.get(`${baseURL}${feedHref}`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const xml = await feed.text();
    // Parsed by the browser's XML parser: well-formed, with an enclosure per talk.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return {
        title: doc.querySelector('channel > title')?.textContent,
        image: doc.getElementsByTagName('itunes:image')[0]?.getAttribute('href'),
        items: [...doc.querySelectorAll('item')].map((item) => ({
          title: item.querySelector('title')?.textContent,
          url: item.querySelector('enclosure')?.getAttribute('url'),
          length: Number(item.querySelector('enclosure')?.getAttribute('length')),
          type: item.querySelector('enclosure')?.getAttribute('type'),
          duration: Number(item.getElementsByTagName('itunes:duration')[0]?.textContent),
        })),
      };
    }, xml);
    expect(parsed).not.toBeNull();
    expect(parsed!.title).toBe(collection.title);
    expect(parsed!.image).toMatch(/\/podcast-artwork\.png$/);
    expect(parsed!.items.map((i) => i.title)).toEqual(
      await page.locator('.audio-talk .audio-talk-title').allInnerTexts(),
    );
    for (const item of parsed!.items) {
      expect(item.type).toBe('audio/mpeg');
      expect(item.duration).toBeGreaterThan(10);
      const head = await page.request.get(item.url!, { headers: { range: 'bytes=0-1' } });
      expect(head.status()).toBe(206);
      expect(head.headers()['content-range']).toBe(`bytes 0-1/${item.length}`);
    }
    const artwork = await page.request.get(parsed!.image!);
    expect(artwork.status()).toBe(200);
    expect((await page.request.get(`${baseURL}/phap-am/999999/rss`)).status()).toBe(404);
    await page.close();
  });

  it('keeps playing across pages, and resumes near the same second after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await openCollection(page);
    const title = await page.locator('#talk-title').innerText();
    await page.getByTestId('talk-play').click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 1.5);
    const playing = () => page.evaluate(() => !document.querySelector('audio')!.paused);
    const at = () => page.evaluate(() => document.querySelector('audio')!.currentTime);

    // Client-side navigation to other pages: the same audio plays on.
    await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Tìm kiếm' }).click();
    await page.waitForURL(/\/search/);
    const before = await at();
    await page.waitForTimeout(1200);
    expect(await playing()).toBe(true);
    expect(await at()).toBeGreaterThan(before + 0.5);
    await page.getByTestId('player-bar').filter({ hasText: title }).waitFor();
    // Home (the brand link), then a book from there.
    await page.locator('.site-header a.brand').click();
    await page.waitForURL(`${baseURL}/`);
    const bookHref = await page.locator('main a.book-card').first().getAttribute('href');
    await page.locator('main a.book-card').first().click();
    await page.waitForURL(`${baseURL}${bookHref}`);
    expect(await playing()).toBe(true);
    await screenshot(page, 'player-bar-on-books-1280');

    // Keys: K pauses (outside form fields).
    await page.keyboard.press('k');
    await page.waitForFunction(() => document.querySelector('audio')!.paused);
    const stoppedAt = await at();
    // Saved on pause; after a reload the bar comes back, paused, near the same second.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('player-bar').filter({ hasText: title }).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    await page.waitForFunction((t) => Math.abs(document.querySelector('audio')!.currentTime - t) < 1.5, stoppedAt);
    expect(await playing()).toBe(false);
    // The talk's page offers to go on from there.
    await page.getByTestId('player-bar').getByRole('link', { name: title }).click();
    await page.locator('#talk-title', { hasText: title }).waitFor();
    // The home page offers to go on listening.
    await page.locator('.site-header a.brand').click();
    await page.getByTestId('continue-listening').filter({ hasText: title }).waitFor();
    await page.getByTestId('continue-listening').getByRole('link').click();
    await page.locator('#talk-title', { hasText: title }).waitFor();
    // Closing the bar forgets it.
    await page.getByRole('button', { name: 'Đóng trình phát' }).click();
    expect(await page.getByTestId('player-bar').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('readies a talk at the moment of an address opened directly (server-rendered, then hydrated)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    const href = await page.locator('.audio-collection-card', { hasText: collection.title }).getAttribute('href');
    await page.goto(`${baseURL}${href}?nghe=1&t=12`, { waitUntil: 'networkidle' }).catch(() => null);
    // The talk id of the first collection's first talk may differ: take it from the page's own links.
    const first = await page.locator('.audio-talk').first().getAttribute('href');
    const url = new URL(first!, baseURL);
    url.searchParams.set('t', '12');
    await page.goto(url.toString(), { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Math.abs((document.querySelector('audio')?.currentTime ?? -1) - 12) < 1);
    await page.getByTestId('player-bar').locator('.player-bar-time').first().filter({ hasText: '0:12' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers "continue listening" from the account on a device that has never played anything', async () => {
    const first = await browser.newContext();
    const me = await loginAs(first, baseURL);
    await first.close();
    // What another device of this reader saved: a talk stopped at 0:42.
    const talk = collection.talks[1]!;
    const saved = await fetch(`${baseURL}/api/v1/playback/talk-${talk.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-token': me.token },
      body: JSON.stringify({ currentTime: 42 }),
    });
    expect(saved.status).toBe(200);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addCookies([{ name: 'pb_token', value: me.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    const page = await phone.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const card = page.getByTestId('continue-listening');
    await card.filter({ hasText: talk.title }).waitFor();
    expect(await card.innerText()).toContain('dừng ở 0:42');
    await card.getByRole('link').click();
    await page.locator('#talk-title', { hasText: talk.title }).waitFor();
    // The talk page adopts the account's position: play resumes there.
    await page.getByTestId('talk-play').filter({ hasText: 'Nghe tiếp từ 0:42' }).waitFor();
    await phone.close();

    // Anonymous readers on a fresh device see no such card.
    const anonymous = await browser.newPage();
    await anonymous.goto(baseURL, { waitUntil: 'networkidle' });
    expect(await anonymous.getByTestId('continue-listening').count()).toBe(0);
    await anonymous.close();
  });
});
