import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FONT_SIZE_PX } from '#common/constants.ts';
import { bookForThisFile } from './support/site-books.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const CHAPTER_TITLE = 'Pháp Hội Mở Đầu';

/** Selects characters start..end of paragraph p-N of the chapter text, as a reader's drag would. */
async function selectText(page: Page, paragraph: string, start: number, end: number) {
  await page.evaluate(
    ({ paragraph, start, end }) => {
      const p = document.querySelector(`[data-testid="chapter-text"] p#${paragraph}`)!;
      const text = p.firstChild!;
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    },
    { paragraph, start, end },
  );
}

const highlightCount = (page: Page, color: string) =>
  page.evaluate((c) => (CSS.highlights.get(`pb-${c}`) as Set<AbstractRange> | undefined)?.size ?? 0, color);

/** This test's own book, read at its first chapter (chapterUrl()). */
const book = bookForThisFile({
  title: 'Kinh Đọc Thử',
  chapters: [
    {
      title: CHAPTER_TITLE,
      markdown:
        'Như thị ngã văn: một thời đức Phật ở nước Xá Vệ, trong vườn Kỳ Thụ Cấp Cô Độc.\n\n' +
        'Bấy giờ đến giờ ăn, đức Thế Tôn đắp y, cầm bát vào thành khất thực.',
    },
    { title: 'Thiện Hiện Thưa Hỏi', markdown: 'Khi ấy trưởng lão Tu Bồ Đề ở giữa đại chúng.' },
  ],
});
const chapterUrl = () => `${baseURL}${book.firstChapterPath}`;

describe('the chapter reader', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('changes the text size through the 10 levels of the spec, and remembers it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const size = () => page.locator('[data-testid="chapter-text"] p#p-1').evaluate((p) => getComputedStyle(p).fontSize);
    const level = () => page.getByTestId('font-level').innerText();
    // The text size is in the reader's bar, behind "Aa".
    await page.locator('details.reader-options > summary').click();
    expect(await level()).toBe('7/10');
    expect(await size()).toBe(`${FONT_SIZE_PX[6]}px`);
    const smaller = page.getByRole('button', { name: 'Chữ nhỏ hơn' });
    const bigger = page.getByRole('button', { name: 'Chữ lớn hơn' });
    for (let i = 0; i < 9; i++) await smaller.click({ force: true });
    expect(await level()).toBe('1/10');
    expect(await smaller.isDisabled()).toBe(true);
    for (let l = 1; l <= 10; l++) {
      expect(await size(), `level ${l}`).toBe(`${FONT_SIZE_PX[l - 1]}px`);
      if (l < 10) await bigger.click();
    }
    expect(await bigger.isDisabled()).toBe(true);
    await smaller.click();
    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="font-level"]')?.textContent === '9/10');
    expect(await size()).toBe(`${FONT_SIZE_PX[8]}px`);
    await page.close();
  });

  it('invites an anonymous reader who selects text to log in, and offers copy', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    expect(await page.getByTestId('selection-popup').count()).toBe(0);
    await selectText(page, 'p-1', 0, 15);
    const popup = page.getByTestId('selection-popup');
    await popup.waitFor();
    expect(await popup.getByRole('link', { name: 'Đăng nhập để lưu đánh dấu' }).getAttribute('href')).toBe(
      `/login?redirectTo=${encodeURIComponent(book.firstChapterPath)}`,
    );
    expect(await popup.getByRole('button', { name: 'Chép' }).isVisible()).toBe(true);
    // The popup hides once nothing is selected.
    await page.evaluate(() => getSelection()!.removeAllRanges());
    await popup.waitFor({ state: 'detached' });
    await page.close();
  });

  it('highlights in yellow, adds a note, keeps both after a reload, opens the note on a click, removes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await loginAs(context, baseURL);
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await selectText(page, 'p-1', 0, 15); // "Như thị ngã văn"
    await page.getByTestId('selection-popup').waitFor();
    expect(await page.getByTestId('selection-popup').locator('.swatch').count()).toBe(3);
    await screenshot(page, 'reader-selection-1440');
    await page.getByRole('button', { name: 'Đánh dấu màu vàng' }).click();

    const panel = page.getByTestId('note-panel');
    await panel.waitFor();
    expect(await panel.locator('blockquote').innerText()).toBe('Như thị ngã văn');
    await page.waitForFunction(() => (CSS.highlights.get('pb-yellow') as Set<unknown> | undefined)?.size === 1);
    await panel.getByLabel('Ghi chú của bạn').fill('Tôi nghe như vầy — lời mở đầu của mọi bản kinh.');
    await panel.getByRole('button', { name: 'Lưu ghi chú' }).click();
    await page.waitForLoadState('networkidle');

    // An overlapping highlight in red.
    await selectText(page, 'p-1', 8, 30);
    await page.getByTestId('selection-popup').waitFor();
    await page.getByRole('button', { name: 'Đánh dấu màu đỏ' }).click();
    await page.waitForFunction(() => (CSS.highlights.get('pb-red') as Set<unknown> | undefined)?.size === 1);
    await page.getByRole('button', { name: 'Đóng ghi chú' }).click();
    await screenshot(page, 'reader-highlights-1440');

    await page.reload({ waitUntil: 'networkidle' });

    await waitForHydration(page);
    await page.waitForFunction(() => (CSS.highlights.get('pb-yellow') as Set<unknown> | undefined)?.size === 1);
    expect(await highlightCount(page, 'red')).toBe(1);

    // A click on the part only yellow covers opens the yellow note.
    const point = await page.evaluate(() => {
      const text = document.querySelector('[data-testid="chapter-text"] p#p-1')!.firstChild!;
      const range = document.createRange();
      range.setStart(text, 1);
      range.setEnd(text, 3);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await page.mouse.click(point.x, point.y);
    await panel.waitFor();
    expect(await panel.getByLabel('Ghi chú của bạn').inputValue()).toBe(
      'Tôi nghe như vầy — lời mở đầu của mọi bản kinh.',
    );
    await panel.getByRole('button', { name: 'Xóa đánh dấu' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.waitForFunction(() => (CSS.highlights.get('pb-yellow') as Set<unknown> | undefined)?.size === 0);
    expect(await highlightCount(page, 'red')).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the book to the reading list', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const bar = page.getByTestId('reader-bar');
    await bar.locator('details.reader-options > summary').click();
    await bar.getByRole('button', { name: 'Lưu sách' }).click();
    await bar.getByRole('button', { name: 'Đã lưu sách' }).waitFor();
    await screenshot(page, 'reader-tools-390');
    await page.goto(`${baseURL}/profile/reading-list`);
    await waitForHydration(page);
    expect(await page.locator('.reading-list-title').allInnerTexts()).toEqual([book.title]);
    await screenshot(page, 'reading-list-390');
    await page.getByRole('button', { name: `Bỏ lưu ${book.title}` }).click();
    await page.getByText('Bạn chưa lưu cuốn sách nào.', { exact: false }).waitFor();
    await context.close();
  });

  it('shares the chapter: Messenger, Zalo, e-mail and copy link, with preview tags for shared links', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const share = page.getByTestId('share-buttons');
    const url = chapterUrl();
    const title = `${CHAPTER_TITLE} — ${book.title}`;
    expect(await share.locator('[data-share="messenger"]').getAttribute('href')).toBe(
      `fb-messenger://share/?link=${encodeURIComponent(url)}`,
    );
    const mail = new URL((await share.locator('[data-share="email"]').getAttribute('href'))!);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(title);
    expect(mail.searchParams.get('body')).toBe(`${title} — ${url}`);
    await share.locator('[data-share="copy"]').click();
    await page.getByText('Đã chép liên kết.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // Desktop Chromium has no share sheet here: Zalo gets the address to paste.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await share.locator('[data-share="zalo"]').click();
    await page.getByText('Đã chép liên kết — dán vào Zalo để gửi.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const html = await (await fetch(chapterUrl())).text();
    expect(html).toContain(`<meta property="og:url" content="${url}"/>`);
    expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    await context.close();
  });

  it('offers a save button on every book of /sach', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/sach`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const cards = await page.locator('.book-card').count();
    expect(cards).toBeGreaterThan(1);
    expect(await page.locator('.book-card-save').count()).toBe(cards);
    // Anonymous: the button leads to login.
    expect(await page.locator('.book-card-save').first().getAttribute('href')).toBe('/login?redirectTo=%2Fsach');
    await loginAs(context, baseURL);
    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    const card = page.locator('li', { has: page.getByText(book.title) });
    await card.getByRole('button', { name: 'Lưu sách' }).click();
    await card.getByRole('button', { name: 'Đã lưu sách' }).waitFor();
    await screenshot(page, 'books-saved-1440');
    await page.goto(`${baseURL}/profile/reading-list`);
    await waitForHydration(page);
    expect(await page.locator('.reading-list-title').allInnerTexts()).toEqual([book.title]);
    await context.close();
  });

  it('works with touch: a tap on a colour highlights the selected passage', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await page.goto(chapterUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await selectText(page, 'p-2', 0, 12);
    await page.getByTestId('selection-popup').waitFor();
    await page.getByRole('button', { name: 'Đánh dấu màu xanh' }).tap();
    await page.getByTestId('note-panel').waitFor();
    await page.waitForFunction(() => (CSS.highlights.get('pb-aqua') as Set<unknown> | undefined)?.size === 1);
    await screenshot(page, 'reader-touch-390');
    await context.close();
  });
});
