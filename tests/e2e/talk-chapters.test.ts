import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { adminToken } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

const HEADED = [
  'WEBVTT',
  '1\n00:00.000 --> 00:04.000\nKính thưa đại chúng.',
  'Phần 1: Khổ đế\n00:04.000 --> 00:09.000\nĐời là khổ.',
  'Phần 2: Tập đế\n00:09.000 --> 00:15.000\nKhổ có nguyên nhân.',
].join('\n\n');

/**
 * A talk's timed contents in the player (docs/decisions/0032-take-it-with-you.md): made from its
 * transcript's headings, the same as the feed's `podcast:chapters`; a tap plays from there.
 */
describe('the timed contents of a talk', () => {
  let browser: Browser;
  let token: string;
  let talk: { id: number; collectionId: number; transcriptUrl: string };
  let original: string;

  const putTranscript = async (text: string, name: string) => {
    const form = new FormData();
    form.append('transcript', new File([text], name));
    const res = await fetch(`${baseURL}/api/v1/admin/talk/${talk.id}/transcript`, {
      method: 'PUT',
      headers: { 'x-token': token },
      body: form,
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken(baseURL, dataDir);
    const collections = (await (await fetch(`${baseURL}/api/v1/public/audio_collections`)).json()) as {
      data: { items: { id: number }[] };
    };
    const detail = (await (
      await fetch(`${baseURL}/api/v1/public/audio_collection/${collections.data.items[0]!.id}`)
    ).json()) as {
      data: { talks: { id: number; collectionId: number; transcriptUrl: string }[] };
    };
    talk = detail.data.talks[0]!;
    original = await (await fetch(`${baseURL}${talk.transcriptUrl}`)).text();
    await putTranscript(HEADED, 'tu-de.vtt');
  });
  afterAll(async () => {
    // The other browser tests read this talk's own transcript.
    await putTranscript(original, 'lai.vtt');
    await browser.close();
  });

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px: lists the headings with their times, and a tap plays from there`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}/phap-am/${talk.collectionId}?nghe=${talk.id}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const contents = page.getByTestId('talk-chapters');
      await contents.getByText('Mục lục (3 phần)').click();
      const items = contents.getByRole('button');
      await expect(items.allTextContents()).resolves.toEqual([
        '0:00Mở đầu',
        '0:04Phần 1: Khổ đế',
        '0:09Phần 2: Tập đế',
      ]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await contents.scrollIntoViewIfNeeded();
      await screenshot(page, `talk-chapters-${width}`, { fullPage: false });

      await items.nth(2).click();
      await page.waitForFunction(() => {
        const audio = document.querySelector('audio');
        return audio !== null && audio.currentTime >= 9 && audio.currentTime < 14;
      });
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="talk-chapters"] [aria-current="true"]')?.textContent?.includes('Tập đế'),
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('names the same chapters in the feed’s chapters file', async () => {
    const feed = await (await fetch(`${baseURL}/phap-am/${talk.collectionId}/rss`)).text();
    const url = new RegExp(`<podcast:chapters url="([^"]+/${talk.id}/chapters\\.json)"`).exec(feed)![1]!;
    const json = (await (await fetch(new URL(new URL(url).pathname, baseURL))).json()) as {
      chapters: { title: string }[];
    };
    expect(json.chapters.map((c) => c.title)).toEqual(['Mở đầu', 'Phần 1: Khổ đế', 'Phần 2: Tập đế']);
  });
});
