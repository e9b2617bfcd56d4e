import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { bookForThisFile } from './support/site-books.ts';
import { longChapterMarkdown } from '../factories/site.ts';

const baseURL = inject('baseURL');
const BOOK = 'nghi-thuc-tung-niem';
const chapterUrl = (n: number) => `/${BOOK}-${n}/${BOOK}`;
/** A long chapter of plain text (no Chinese beside it), made for this file. */
const long = bookForThisFile({
  title: 'Kinh Nghe Đọc Thử',
  chapters: [{ title: 'Lời dạy sau cùng', markdown: longChapterMarkdown(40) }],
});

interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
  rate: number;
  volume: number;
  path: string;
  /** What the page had painted as the sentence being read when the voice started it. */
  highlighted: string | null;
  /** Whether that sentence was on screen (between the reader's bar and the player bar). */
  inView: boolean;
}

/**
 * Records every utterance the page gives the browser's speech synthesis and, at its real `start`
 * event, the sentence painted as read (CSS Custom Highlight "read-aloud"). The voices are Chromium's
 * own (speech-dispatcher with eSpeak NG, tests/e2e/support/browser.ts): nothing is replaced, only
 * listened to.
 */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const log: unknown[] = [];
    (window as unknown as { spoken: unknown[] }).spoken = log;
    const speak = speechSynthesis.speak.bind(speechSynthesis);
    speechSynthesis.speak = (utterance) => {
      utterance.addEventListener('start', () => {
        const range = CSS.highlights.get('read-aloud')?.values().next().value as Range | undefined;
        const rect = range?.getBoundingClientRect();
        const bar = document.querySelector('[data-testid="player-bar"]')?.getBoundingClientRect();
        log.push({
          text: utterance.text,
          lang: utterance.lang,
          voice: utterance.voice?.lang ?? null,
          rate: utterance.rate,
          volume: utterance.volume,
          path: location.pathname,
          highlighted: range?.toString() ?? null,
          inView: !!rect && rect.top >= 0 && rect.bottom <= (bar ? bar.top : innerHeight),
        });
      });
      speak(utterance);
    };
  });
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken);
/** Waits until at least `count` utterances have started (on `path`, when given). */
const waitForSpoken = (page: Page, count: number, path?: string) =>
  page.waitForFunction(
    ([n, p]) =>
      (window as unknown as { spoken: Spoken[] }).spoken.filter((s) => p === undefined || s.path === p).length >= n,
    [count, path] as const,
    { timeout: 20_000 },
  );

/** The sentence painted as being read. */
const painted = (page: Page) =>
  page.evaluate(
    () => (CSS.highlights.get('read-aloud')?.values().next().value as Range | undefined)?.toString() ?? null,
  );

/** The chapter's paragraphs as the reader sees them (the Vietnamese, not the Chinese beside it). */
const paragraphs = (page: Page) =>
  page
    .locator(
      // Plain text, the Hán-Việt column of the 漢 views (decision 0033), or paragraphs beside the Chinese.
      '[data-testid="chapter-text"] .reader-vi p, [data-testid="chapter-text"] > p, [data-testid="chapter-text"] p.han-vi',
    )
    .allInnerTexts();

/**
 * "Nghe chương này" (decision 0031): the chapter read by the browser's Vietnamese
 * voice through the site's player bar. These tests use Chromium's real speech synthesis with the
 * `vi-VN` voices of Debian's eSpeak NG (through speech-dispatcher), and check it through the
 * utterances' own events and the sentence painted at each start. The last test runs a Chromium
 * without speech-dispatcher, which has no voice at all: the reader is told so and offered the talks.
 */
describe('read aloud: a chapter in a Vietnamese voice, through the player bar', () => {
  let browser: Browser;
  let silent: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ voices: true });
    silent = await launchBrowser();
    // speech-dispatcher starts with the browser's first use of speech and lists its voices a few
    // seconds later (a phone or desktop has them at once): wait for them here, once.
    const page = await browser.newPage();
    await page.goto(`${baseURL}/404`);
    await page.waitForFunction(() => speechSynthesis.getVoices().some((v) => v.lang.startsWith('vi')), undefined, {
      timeout: 30_000,
    });
    await page.close();
  });
  afterAll(async () => {
    await browser.close();
    await silent.close();
  });

  it('at 390 px: reads sentence by sentence with a vi-VN voice, the sentence read painted and on screen, then goes on to the next chapter', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await recordSpeech(page);
    await page.goto(`${baseURL}${chapterUrl(1)}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    // The Chinese beside the Hán-Việt is shown: it must not be read.
    await page.locator('.reader-han-toggle').click();
    const lines = await paragraphs(page);
    expect(lines.length).toBeGreaterThan(2);

    await page.getByTestId('read-aloud').click();
    const bar = page.getByTestId('player-bar');
    await bar.waitFor();
    expect(await bar.locator('.player-bar-title').innerText()).toContain('Tán Phật');
    // The next chapter's first sentence: this one was read to its end, then the reader went on.
    await waitForSpoken(page, 1, chapterUrl(2));
    await page.waitForURL(`${baseURL}${chapterUrl(2)}`);
    const log = await spoken(page);
    const first = log.filter((s) => s.path === chapterUrl(1));
    // Every line of the chapter, in order, as written (Hán-Việt spoken as the letters say it), no Chinese.
    expect(first.map((s) => s.text)).toEqual(lines.map((l) => l.replace(/\s+/g, ' ').trim()));
    for (const s of first) {
      expect(s.voice).toMatch(/^vi/i);
      expect(s.text).not.toMatch(/\p{Script=Han}/u);
      // The sentence painted when the voice started it is the sentence it speaks, and it is on screen.
      expect(s.highlighted?.replace(/\s+/g, ' ').trim()).toBe(s.text);
      expect(s.inView).toBe(true);
    }
    await page.waitForFunction(() => document.querySelector('.player-bar-title')?.textContent?.includes('Quán Tưởng'));
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Đóng trình phát' }).click();
    await context.close();
  });

  it('pauses and resumes from the sentence it was at; a faster speed reaches the voice; "Hết chương" stops at the chapter’s end', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await recordSpeech(page);
    await page.goto(`${baseURL}${chapterUrl(3)}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByTestId('read-aloud').click();
    await waitForSpoken(page, 1);
    const toggle = page.getByTestId('player-toggle');
    await toggle.click();
    await page.waitForFunction(() => !speechSynthesis.speaking);
    expect(await toggle.getAttribute('aria-label')).toBe('Phát');
    const atPause = (await spoken(page)).length;
    const sentence = await page.locator('.player-bar-time').first().innerText();
    const pausedAt = (await painted(page))?.replace(/\s+/g, ' ').trim();
    expect(pausedAt).toBeTruthy();
    await page.waitForTimeout(800);
    // Paused: nothing more is said, the bar keeps its sentence.
    expect((await spoken(page)).length).toBe(atPause);
    expect(await page.locator('.player-bar-time').first().innerText()).toBe(sentence);
    await screenshot(page, 'read-aloud-paused-390', { fullPage: false });

    // 1,25×, and the end of this chapter as the sleep timer.
    await page.getByTestId('player-speed').click();
    await page.getByTestId('player-sleep').click();
    const menu = page.getByRole('group', { name: 'Dừng phát sau' });
    expect(await menu.getByRole('button').allInnerTexts()).toContain('Hết chương');
    await menu.getByRole('button', { name: 'Hết chương' }).click();
    await toggle.click();
    await waitForSpoken(page, atPause + 1);
    const resumed = (await spoken(page))[atPause]!;
    // It starts again at the sentence it was paused in.
    expect(resumed.text).toBe(pausedAt);
    expect(resumed.rate).toBe(1.25);
    // Read to the end of the chapter, then stopped there: no next chapter.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="player-toggle"]')?.getAttribute('aria-label') === 'Phát',
      undefined,
      { timeout: 20_000 },
    );
    await page.waitForTimeout(1000);
    expect(page.url()).toBe(`${baseURL}${chapterUrl(3)}`);
    const all = await spoken(page);
    expect(all.every((s) => s.path === chapterUrl(3))).toBe(true);
    const lines = await paragraphs(page);
    expect(all.at(-1)!.text).toBe(lines.at(-1)!.replace(/\s+/g, ' ').trim());
    expect(await page.getByTestId('player-sleep').getAttribute('data-active')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sleep timer’s minutes stop the read-aloud too, its last seconds softer (real time, Playwright’s clock)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await recordSpeech(page);
    await page.clock.install();
    await page.goto(`${baseURL}${long.firstChapterPath}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByTestId('read-aloud').click();
    await waitForSpoken(page, 1);
    await page.getByTestId('player-sleep').click();
    await page.getByRole('group', { name: 'Dừng phát sau' }).getByRole('button', { name: '15 phút' }).click();
    // Still reading a few seconds before the time is up, and fading: the sentence started now is softer.
    await page.clock.runFor(15 * 60_000 - 6000);
    expect(await page.evaluate(() => speechSynthesis.speaking || speechSynthesis.pending)).toBe(true);
    const before = (await spoken(page)).length;
    // From the keyboard: under Playwright's clock a click's viewport check never settles.
    await page.getByRole('button', { name: 'Câu sau' }).press('Enter');
    await waitForSpoken(page, before + 1);
    const log = await spoken(page);
    expect(log[0]!.volume).toBe(1);
    // 6 of the fade's 10 seconds left: 0.6 of the volume (stored as a 32-bit float).
    expect(log[before]!.volume).toBeGreaterThan(0);
    expect(log[before]!.volume).toBeLessThan(0.61);
    // Stopped once the time is up.
    await page.clock.runFor(8000);
    await page.waitForFunction(() => !speechSynthesis.speaking);
    expect(await page.getByTestId('player-toggle').getAttribute('aria-label')).toBe('Phát');
    const stopped = (await spoken(page)).length;
    await page.waitForTimeout(800);
    expect((await spoken(page)).length).toBe(stopped);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [width, theme] of [
    [320, 'light'],
    [390, 'sepia'],
    [1366, 'dark'],
  ] as const) {
    it(`at ${width} px (${theme}): the bar in read-aloud fits, with its sentence count and the sentence painted`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 740 : 900 },
        reducedMotion: 'reduce',
      });
      await context.addInitScript((t) => localStorage.setItem('phap-bao:theme', t), theme);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await recordSpeech(page);
      await page.goto(`${baseURL}${long.firstChapterPath}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.getByTestId('read-aloud').click();
      await waitForSpoken(page, 2);
      await page.getByTestId('player-toggle').click();
      await page.waitForFunction(() => !speechSynthesis.speaking);
      const bar = page.getByTestId('player-bar');
      // "3" over "120": the sentence and the chapter's count, and buttons for the sentence before and after.
      const [at, count] = await bar.locator('.player-bar-time').allInnerTexts();
      expect(Number(at)).toBeGreaterThanOrEqual(1);
      expect(Number(count)).toBeGreaterThan(Number(at));
      await bar.getByRole('button', { name: 'Câu sau' }).click();
      expect(Number(await bar.locator('.player-bar-time').first().innerText())).toBe(Number(at) + 1);
      expect(await page.locator('[data-read-aloud]').count()).toBe(1);
      for (const button of await bar.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `read-aloud-${theme}-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('where the browser has no Vietnamese voice: says so and offers the talks, at 320 and 1366 px', async () => {
    for (const width of [320, 1366]) {
      const page = await silent.newPage({ viewport: { width, height: 740 } });
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}${chapterUrl(1)}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      // This Chromium has no voice at all (no speech-dispatcher): the real "no voice" case.
      expect(await page.evaluate(() => speechSynthesis.getVoices().length)).toBe(0);
      await page.getByTestId('read-aloud').click();
      const notice = page.getByTestId('read-aloud-unavailable');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('chưa có giọng đọc tiếng Việt');
      expect(await page.getByTestId('player-bar').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `read-aloud-no-voice-${width}`, { fullPage: false });
      await notice.getByRole('link', { name: 'nghe các bài pháp âm' }).click();
      await page.waitForURL(`${baseURL}/phap-am`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
