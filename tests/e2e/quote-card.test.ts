import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bookForThisFile } from './support/site-books.ts';
import { launchBrowser, SCREENSHOT_DIR, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

async function selectText(page: Page, paragraph: string, start: number, end: number) {
  await page.evaluate(
    ({ paragraph, start, end }) => {
      const p = document.querySelector(`[data-testid="chapter-text"] p#${paragraph}`)!;
      const range = document.createRange();
      range.setStart(p.firstChild!, start);
      range.setEnd(p.firstChild!, end);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { paragraph, start, end },
  );
}

/** Highlights a passage in yellow: the note panel that opens, and the address of its quote card. */
async function highlightForCard(page: Page, paragraph: string, start: number, end: number) {
  await selectText(page, paragraph, start, end);
  await page.getByTestId('selection-popup').waitFor();
  await page.getByRole('button', { name: 'Đánh dấu màu vàng' }).click();
  const panel = page.getByTestId('note-panel');
  await panel.getByTestId('quote-card-link').waitFor();
  return { panel, href: await panel.getByTestId('quote-card-link').getAttribute('href') };
}

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');

/** This test's own book: its first chapter's second paragraph is the passage of the card. */
const book = bookForThisFile({
  title: 'Kinh Thẻ Trích',
  chapters: [
    {
      title: 'Pháp hội',
      markdown:
        'Như thị ngã văn: một thời đức Phật ở nước Xá Vệ.\n\n' +
        'Bấy giờ đến giờ ăn, đức Thế Tôn đắp y, cầm bát vào thành lớn Xá Vệ theo thứ lớp khất thực.',
    },
    { title: '心經', markdown: '觀自在菩薩，行深般若波羅蜜多時，照見五蘊皆空，度一切苦厄。' },
  ],
});

/**
 * A highlight as a quote card (decision 0032): the note panel shows the picture and shares the
 * passage's address, whose page gives link previews the card and the words.
 */
describe('quote cards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px: a highlight's card, and the shared address previews it`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await loginAs(context, baseURL);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const paragraph = await page.evaluate(
        () => document.querySelector('[data-testid="chapter-text"] p#p-2')!.firstChild!.textContent!,
      );
      const { panel, href } = await highlightForCard(page, 'p-2', 0, 24);
      // The highlight snaps to whole words: the card is of the words highlighted.
      const chapterCode = book.chapters[0]!.code;
      const [, end] = new RegExp(`^/the-trich/${chapterCode}/p-2\\.png\\?tu=0&den=(\\d+)$`).exec(href!)!;
      const words = paragraph.slice(0, Number(end));
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await screenshot(page, `quote-card-panel-${width}`, { fullPage: false });

      const card = await fetch(`${baseURL}${href}`);
      expect(card.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await card.arrayBuffer());
      expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `quote-card-${width}.png`), png);

      await panel.getByTestId('quote-card-share').click();
      await page.getByText('Đã chép liên kết của đoạn trích.').waitFor();
      const shared = await page.evaluate(() => navigator.clipboard.readText());
      expect(shared).toBe(`${baseURL}${book.firstChapterPath}?doan=p-2&tu=0&den=${end}#p-2`);

      // What Zalo or Messenger reads: the page of the shared address, without a session.
      const visitor = await browser.newContext({ viewport: { width, height: 844 } });
      const preview = await visitor.newPage();
      await preview.goto(shared, { waitUntil: 'networkidle' });
      expect(await meta(preview, 'og:image')).toBe(`${baseURL}${href}`);
      expect(await meta(preview, 'og:description')).toBe(`“${words.trim()}”`);
      expect(await preview.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
      expect(await preview.evaluate(() => location.hash)).toBe('#p-2');
      await visitor.close();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('at 390 px: a highlight of Chinese text makes a card of those characters (server/export/quote-card.test.ts checks their glyphs)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await loginAs(context, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const chapter = book.chapters[1]!;
    await page.goto(`${baseURL}/${chapter.code}/${book.code}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    // 觀自在菩薩: Chinese has no spaces, so the highlight is the characters selected.
    const { href } = await highlightForCard(page, 'p-1', 0, 5);
    expect(href).toBe(`/the-trich/${chapter.code}/p-1.png?tu=0&den=5`);
    await screenshot(page, 'quote-card-chinese-panel-390', { fullPage: false });
    const card = Buffer.from(await (await fetch(`${baseURL}${href}`)).arrayBuffer());
    expect(await sharp(card).metadata()).toMatchObject({ width: 1200, height: 630 });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'quote-card-chinese.png'), card);
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const preview = await visitor.newPage();
    await preview.goto(`${baseURL}/${chapter.code}/${book.code}?doan=p-1&tu=0&den=5#p-1`, { waitUntil: 'networkidle' });
    expect(await meta(preview, 'og:description')).toBe('“觀自在菩薩”');
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
