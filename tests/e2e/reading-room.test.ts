import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { longChapterMarkdown } from '../factories/site.ts';
import { launchBrowser, SCREENSHOT_DIR, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';
import { bookForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
/** A book of 21 chapters: chapter 1 of three short paragraphs, chapter 14 long (the book has contents). */
const DEEP_TITLE = 'Phẩm Nhẫn Nhục Thử';
const chapters = bookForThisFile({
  title: 'Kinh Nhiều Chương Thử',
  chapters: Array.from({ length: 21 }, (_, i) => {
    if (i === 0) {
      return {
        title: 'Pháp Hội Mở Đầu',
        markdown:
          'Như thị ngã văn: một thời đức Phật ở nước Xá Vệ, trong vườn Kỳ Thụ Cấp Cô Độc.\n\n' +
          'Bấy giờ, tới giờ ăn, đức Thế Tôn đắp y, cầm bát vào thành khất thực.\n\n' +
          'Khất thực xong, Ngài trở về chỗ cũ, thọ trai, cất y bát, rửa chân rồi trải tòa mà ngồi.',
      };
    }
    if (i === 13) return { title: DEEP_TITLE, markdown: longChapterMarkdown(40) };
    return { title: `Chương thử ${i + 1}`, markdown: longChapterMarkdown(3) };
  }),
});
/** A long title, in a book of one long chapter. */
const long = bookForThisFile({
  title: 'Kinh Lời Dạy Sau Cùng Thử',
  chapters: [
    { title: 'Lời dạy sau cùng về giữ giới, biết đủ, siêng năng và chánh niệm', markdown: longChapterMarkdown(40) },
  ],
});
const chapterUrl = (n: number) => `${baseURL}/${chapters.chapters[n - 1]!.code}/${chapters.code}`;
/** Three short paragraphs, chapter 1 of 21; chapter 3 of 21; the long chapter 14. */
const FIRST = () => chapterUrl(1);
const THIRD = () => chapterUrl(3);
const DEEP = () => chapterUrl(14);
const LONG = () => `${baseURL}${long.firstChapterPath}`;

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
}

/** Where the chapter's first line of text starts, from the top of the screen. */
const firstWordsTop = (page: Page) =>
  page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('[data-testid="chapter-text"] p')!);
    return range.getClientRects()[0]!.top;
  });

/** Scrolls by `dy` pixels as a reader's wheel or finger would, and lets the page answer. */
async function scrollBy(page: Page, dy: number) {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(100, 400);
  await page.mouse.wheel(0, dy);
  await page.waitForFunction((y) => window.scrollY !== y, before);
  await page.waitForTimeout(350); // the slide (0.25 s)
}

/** Whether the site's frame is on the screen: the phone header, the bottom bar and the reader's bar. */
const frame = (page: Page) =>
  page.evaluate(() => {
    const onScreen = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    };
    return {
      header: onScreen('.mobile-header'),
      bottomBar: onScreen('.bottom-bar'),
      readerBar: onScreen('.reader-bar'),
    };
  });

/** Selects characters start..end of paragraph p-N of the chapter text, as a reader's drag would. */
async function selectText(page: Page, paragraph: string, start: number, end: number) {
  await page.evaluate(
    ({ paragraph, start, end }) => {
      const text = document.querySelector(`[data-testid="chapter-text"] p#${paragraph}`)!.firstChild!;
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { paragraph, start, end },
  );
}

const selectionBox = (page: Page) =>
  page.evaluate(() => {
    const r = getSelection()!.getRangeAt(0).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });

/** The reading room on a phone: the text first, the frame out of the way, the tools at hand. */
describe('the reading room', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('starts the text within the first 45 % of a 390×844 phone, and keeps every width within the screen', async () => {
    for (const url of [FIRST(), LONG(), THIRD()]) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await open(page, url);
      const top = await firstWordsTop(page);
      expect(top, url).toBeLessThanOrEqual(0.45 * 844);
      await page.close();
    }
    for (const [width, height] of [
      [320, 568],
      [390, 844],
      [1366, 768],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      const errors = watchPageErrors(page);
      await open(page, LONG());
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await screenshot(page, `reading-room-first-screen-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('slides the frame away while reading down, brings it back on a scroll up, a tap on the text and at the end', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(page, LONG());
    expect(await frame(page)).toEqual({ header: true, bottomBar: true, readerBar: true });

    await scrollBy(page, 900);
    expect(await frame(page)).toEqual({ header: false, bottomBar: false, readerBar: false });
    // More room for the text: the lines run from the top to the bottom of the screen.
    await screenshot(page, 'reading-room-frame-away-390');

    await scrollBy(page, -200);
    expect(await frame(page)).toEqual({ header: true, bottomBar: true, readerBar: true });
    // The reader's bar stays under the phone header.
    const header = (await page.locator('.mobile-header').boundingBox())!;
    const bar = (await page.getByTestId('reader-bar').boundingBox())!;
    expect(Math.abs(bar.y - (header.y + header.height))).toBeLessThanOrEqual(1);
    await screenshot(page, 'reading-room-frame-back-390');

    // A tap on the text (not on a link) brings it back too.
    await scrollBy(page, 600);
    expect((await frame(page)).bottomBar).toBe(false);
    await page.locator('[data-testid="chapter-text"] p#p-6').click();
    await page.waitForTimeout(350);
    expect(await frame(page)).toEqual({ header: true, bottomBar: true, readerBar: true });

    // At the end of the page the way on (bottom bar, next chapter) is shown.
    await scrollBy(page, 600);
    expect((await frame(page)).bottomBar).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(350);
    expect((await frame(page)).bottomBar).toBe(true);
    await page.close();
  });

  it('never hides the frame while a control in it has the focus, and slides without motion when asked', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    await open(page, LONG());
    // The site's rule for less motion (app.css) cuts the slide to nothing.
    const slide = await page
      .locator('.bottom-bar')
      .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(slide).toBeLessThan(0.001);
    await page.getByRole('button', { name: 'Tìm trong sách' }).focus();
    await scrollBy(page, 900);
    expect(await frame(page)).toEqual({ header: true, bottomBar: true, readerBar: true });
    // Focus back on the text: the next scroll down hides it.
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await scrollBy(page, 300);
    expect(await frame(page)).toEqual({ header: false, bottomBar: false, readerBar: false });
    // The keyboard's Tab into the frame brings it back.
    await page.locator('.bottom-bar a').first().focus();
    await page.waitForTimeout(50);
    expect((await frame(page)).bottomBar).toBe(true);
    await page.close();
  });

  it('slides the player bar away with the frame', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.audio-collection-card').first().click();
    await page.getByTestId('talk-play').click();
    await page.getByTestId('player-bar').waitFor();
    // The player comes back on the next page with the talk last heard.
    await open(page, LONG());
    const player = page.getByTestId('player-bar');
    await player.waitFor();
    const inView = () =>
      player.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top < window.innerHeight;
      });
    expect(await inView()).toBe(true);
    await scrollBy(page, 900);
    expect(await inView()).toBe(false);
    await scrollBy(page, -200);
    expect(await inView()).toBe(true);
    await screenshot(page, 'reading-room-player-390');
    await page.close();
  });

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px: opens the contents and the text size from deep in the chapter, in one tap`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 1000 ? 768 : 740 } });
      const errors = watchPageErrors(page);
      await open(page, DEEP());
      // Deep in: the middle of the chapter's text, reading on, then a little back up to call the bar.
      await page.evaluate(() => {
        const text = document.querySelector('[data-testid="chapter-text"]')!.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + text.top + text.height / 2 - window.innerHeight / 2);
      });
      await scrollBy(page, 300);
      expect((await frame(page)).readerBar).toBe(false);
      await scrollBy(page, -100);
      const bar = page.getByTestId('reader-bar');
      const box = (await bar.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(100);
      await bar.locator('details.reader-toc summary').click();
      const list = bar.locator('.reader-toc-list');
      await list.waitFor();
      expect(await list.locator('a[aria-current="page"]').innerText()).toContain(DEEP_TITLE);
      const listBox = (await list.boundingBox())!;
      expect(listBox.x).toBeGreaterThanOrEqual(0);
      expect(listBox.x + listBox.width).toBeLessThanOrEqual(width);
      await screenshot(page, `reading-room-contents-${width}`);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });

      // At the very end of the page: the text size.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(350);
      const options = bar.locator('details.reader-options > summary');
      // Named for screen readers ("Aa" is only its face).
      expect(await options.evaluate((el) => el.textContent)).toBe('AaCỡ chữ và tùy chọn');
      await options.click();
      const bigger = bar.getByRole('button', { name: 'Chữ lớn hơn' });
      await bigger.waitFor();
      const level = page.getByTestId('font-level');
      expect(await level.innerText()).toBe('7/10');
      await bigger.click();
      expect(await level.innerText()).toBe('8/10');
      const panel = (await bar.locator('.reader-options-panel').boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await screenshot(page, `reading-room-text-size-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('tells the progress in the chapter and in the book, and it follows the scroll', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(page, LONG());
    const progress = page.getByTestId('reading-progress');
    const read = async () => {
      const text = await progress.innerText();
      const [, percent, minutes] = /^(\d+)\s%[\s\S]*?còn ~(\d+) phút/.exec(text) ?? [];
      return { text, percent: Number(percent), minutes: Number(minutes) };
    };
    const start = await read();
    expect(start.percent).toBe(0);
    expect(start.minutes).toBeGreaterThan(3);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForFunction(
      () => !/^0\s%/.test(document.querySelector('[data-testid="reading-progress"]')!.textContent!),
    );
    const middle = await read();
    expect(middle.percent).toBeGreaterThan(30);
    expect(middle.percent).toBeLessThan(70);
    expect(middle.minutes).toBeLessThan(start.minutes);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() =>
      /^100\s%/.test(document.querySelector('[data-testid="reading-progress"]')!.textContent!),
    );
    expect(await progress.innerText()).not.toContain('còn');
    await page.close();

    // In a book of many chapters the chapter's place is said too.
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(other, THIRD());
    expect(await other.getByTestId('reading-progress').innerText()).toMatch(/^\d+\s% · Chương 3\/21/);
    await other.close();
  });

  for (const [width, touch] of [
    [390, true],
    [1366, false],
  ] as const) {
    it(`at ${width} px puts the selection tools under the selection, where the phone's own menu is not`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        hasTouch: touch,
        isMobile: touch,
      });
      const page = await context.newPage();
      await open(page, LONG());
      await page.evaluate(() => window.scrollTo(0, 300));
      await selectText(page, 'p-2', 10, 40);
      const popup = page.getByTestId('selection-popup');
      await popup.waitFor();
      const selected = await selectionBox(page);
      const box = (await popup.boundingBox())!;
      expect(await popup.getAttribute('data-placement')).toBe('below');
      expect(box.y).toBeGreaterThanOrEqual(selected.bottom);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, `reading-room-selection-${width}`);
      await context.close();
    });
  }

  for (const width of [320, 390]) {
    it(`at ${width} px docks the selection tools at the bottom when the selection ends low on the screen`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await loginAs(context, baseURL);
      await open(page, LONG());
      // Paragraph p-8's first words sit 40 px above the bottom of the screen: no room under them.
      const low = await page.evaluate(() => {
        const range = document.createRange();
        const text = document.querySelector('[data-testid="chapter-text"] p#p-8')!.firstChild!;
        range.setStart(text, 0);
        range.setEnd(text, 12);
        window.scrollBy(0, range.getBoundingClientRect().bottom - (window.innerHeight - 40));
        return range.getBoundingClientRect().bottom;
      });
      expect(low).toBeGreaterThan(740 - 60);
      await page.waitForTimeout(350); // the frame's answer to that scroll (it may slide away)
      await selectText(page, 'p-8', 0, 12);
      const popup = page.getByTestId('selection-popup');
      await popup.waitFor();
      expect(await popup.getAttribute('data-placement')).toBe('sheet');
      const selected = await selectionBox(page);
      const box = (await popup.boundingBox())!;
      // Within the screen, at its bottom, never above the selection where the phone's own menu opens.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      expect(box.y + box.height).toBeGreaterThan(740 - 24);
      expect(box.y).toBeGreaterThan(selected.top);
      // The page moved up so that the selection is not hidden under the sheet.
      expect(selected.bottom).toBeLessThanOrEqual(box.y);
      expect(selected.top).toBeGreaterThan(0);
      // Nothing lies over it: the colour under a finger is the colour's own button.
      const yellow = popup.getByRole('button', { name: 'Đánh dấu màu vàng' });
      const swatch = (await yellow.boundingBox())!;
      expect(
        await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('aria-label'), {
          x: swatch.x + swatch.width / 2,
          y: swatch.y + swatch.height / 2,
        }),
      ).toBe('Đánh dấu màu vàng');
      expect(swatch.width).toBeGreaterThanOrEqual(32);
      // The screen as the reader sees it (a full-page picture would put the sheet at the page's end).
      await page.screenshot({ path: `${SCREENSHOT_DIR}/reading-room-selection-sheet-${width}.png` });
      await yellow.tap();
      const panel = page.getByTestId('note-panel');
      await panel.waitFor();
      const quote = await panel.locator('blockquote').innerText();
      expect(quote.length).toBeGreaterThanOrEqual(10);
      expect(await page.locator('p#p-8').evaluate((p, q) => p.textContent!.startsWith(q), quote)).toBe(true);
      await context.close();
    });
  }

  it('saves a selection that starts and ends inside words as the whole words', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await open(page, FIRST());
    // p-1 begins "Như thị ngã văn: …": from "hị" to "vă" is a drag that missed both ends.
    await selectText(page, 'p-1', 5, 14);
    await page.getByTestId('selection-popup').waitFor();
    await page.getByRole('button', { name: 'Đánh dấu màu vàng' }).click();
    const panel = page.getByTestId('note-panel');
    await panel.waitFor();
    expect(await panel.locator('blockquote').innerText()).toBe('thị ngã văn');
    await page.waitForFunction(() =>
      [...((CSS.highlights.get('pb-yellow') as Set<AbstractRange> | undefined) ?? [])].some(
        (r) => (r as Range).toString() === 'thị ngã văn',
      ),
    );
    // After a reload it is painted over the whole words.
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForFunction(() =>
      [...((CSS.highlights.get('pb-yellow') as Set<AbstractRange> | undefined) ?? [])].some(
        (r) => (r as Range).toString() === 'thị ngã văn',
      ),
    );
    await context.close();
  });

  it('marks a highlight that carries a note, and only that one; the mark opens the note', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await open(page, FIRST());
    const panel = page.getByTestId('note-panel');
    // One highlight with a note…
    await selectText(page, 'p-2', 0, 12);
    await page.getByTestId('selection-popup').waitFor();
    await page.getByRole('button', { name: 'Đánh dấu màu xanh' }).click();
    await panel.waitFor();
    await panel.getByLabel('Ghi chú của bạn').fill('Giờ ăn, Thế Tôn đắp y mang bát.');
    await panel.getByRole('button', { name: 'Lưu ghi chú' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Đóng ghi chú' }).click();
    // …and one without.
    await selectText(page, 'p-3', 0, 15);
    await page.getByTestId('selection-popup').waitFor();
    await page.getByRole('button', { name: 'Đánh dấu màu đỏ' }).click();
    await panel.waitFor();
    await page.getByRole('button', { name: 'Đóng ghi chú' }).click();
    await panel.waitFor({ state: 'detached' });

    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    const marks = page.getByTestId('note-mark');
    await marks.first().waitFor();
    expect(await marks.count()).toBe(1);
    const name = (await marks.getAttribute('aria-label'))!;
    expect(name).toContain('Mở ghi chú');
    expect(name).toContain(await page.locator('p#p-2').evaluate((p) => p.textContent!.slice(0, 12)));
    expect(
      await page.evaluate(() => (CSS.highlights.get('pb-noted') as Set<AbstractRange> | undefined)?.size ?? 0),
    ).toBe(1);
    // The mark sits in the margin beside the noted line, within the screen.
    const mark = (await marks.boundingBox())!;
    const text = (await page.getByTestId('chapter-text').boundingBox())!;
    expect(mark.x).toBeGreaterThanOrEqual(text.x + text.width);
    expect(mark.x + mark.width).toBeLessThanOrEqual(390);
    const line = await page.locator('p#p-2').boundingBox();
    expect(mark.y).toBeGreaterThanOrEqual(line!.y - 4);
    expect(mark.y + mark.height).toBeLessThanOrEqual(line!.y + line!.height + 4);
    await screenshot(page, 'reading-room-note-mark-390');
    await marks.click();
    await panel.waitFor();
    expect(await panel.getByLabel('Ghi chú của bạn').inputValue()).toBe('Giờ ăn, Thế Tôn đắp y mang bát.');
    await context.close();
  });
});
