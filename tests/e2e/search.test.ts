import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SearchType } from '#common/contracts/search.schema.ts';
import {
  launchBrowser,
  screenshot,
  waitForHydration,
  watchPageErrors,
  withSkippedPartsRendered,
} from './support/browser.ts';
import { loginAs } from './support/session.ts';
import { bookForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A book of this file's own: its title is suggested, its passages found, searched inside. */
const FIRST_CHAPTER = 'Pháp Hội Mở Đầu';
const book = bookForThisFile({
  title: 'Kinh Tâm Đăng',
  chapters: [
    {
      title: FIRST_CHAPTER,
      markdown:
        'Như thị ngã văn: một thời đức Phật ở nước Xá Vệ, trong vườn Kỳ Thụ Cấp Cô Độc.\n\n' +
        'Bấy giờ trưởng lão Tu Bồ Đề ở trong đại chúng, từ chỗ ngồi đứng dậy, chắp tay cung kính.',
    },
    {
      title: 'Thiện Hiện Thưa Hỏi',
      markdown:
        'Tu Bồ Đề bạch Phật: bạch đức Thế Tôn, người phát tâm nên trụ thế nào, hàng phục tâm thế nào?\n\n' +
        'Phật dạy: phước đức của người ấy bất khả tư nghị, không thể nghĩ bàn.',
    },
    {
      title: 'Như Lý Thật Kiến',
      markdown: 'Phật bảo Tu Bồ Đề: ông nghĩ thế nào, có thể lấy thân tướng mà thấy Như Lai chăng?',
    },
  ],
});
const chapterPath = (n: number) => `/${book.chapters[n - 1]!.code}/${book.code}`;
/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Vietnamese without diacritics, lower case: how a reader types on a keyboard without Telex. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The count each type tab shows, by type (read from the page, "1.234" → 1234). */
async function tabCounts(page: Page): Promise<Record<SearchType, number>> {
  const tabs = page.getByRole('navigation', { name: 'Loại nội dung' }).locator('.search-tab');
  const out: Partial<Record<SearchType, number>> = {};
  for (const tab of await tabs.all()) {
    const type = (await tab.getAttribute('data-type')) as SearchType;
    out[type] = Number((await tab.locator('.search-tab-count').innerText()).replace(/\D/g, ''));
  }
  return out as Record<SearchType, number>;
}

/** Waits until the results summary says `text` (the page renders a moment after the address changes). */
async function waitForSummary(page: Page, text: string | RegExp) {
  await page.getByTestId('search-summary').filter({ hasText: text }).waitFor();
}

/** Whether the element's top is inside the window (a link to #p-N should land on the paragraph). */
function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });
}

/**
 * The words the chapter paints for ?tim= (CSS Custom Highlight API `pb-search`, the DOM is not
 * changed): each range's text and the id of the paragraph it is in.
 */
function searchHighlights(page: Page): Promise<{ text: string; paragraph: string | null }[]> {
  return page.evaluate(() =>
    [...((CSS.highlights.get('pb-search') as Set<AbstractRange> | undefined) ?? [])].map((r) => ({
      text: (r as Range).toString(),
      paragraph: r.startContainer.parentElement?.closest('p[id]')?.id ?? null,
    })),
  );
}

/** Waits until the chapter has painted its search highlights (it says how many on the text's container). */
async function waitForSearchHighlights(page: Page): Promise<number> {
  const text = page.getByTestId('chapter-text');
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="chapter-text"]')?.getAttribute('data-search-hits')) > 0,
  );
  return Number(await text.getAttribute('data-search-hits'));
}

describe('search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('searches from the home page without diacritics and marks the words with them in the snippets', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('#home-query').fill('phat giao');
    await page.locator('#home-query').press('Enter');
    await page.waitForURL(`${baseURL}/search?query=phat+giao&mode=strict&type=all`);
    await waitForSummary(page, /^\d+ kết quả cho “phat giao”$/);
    expect(await page.locator('#search-query').inputValue()).toBe('phat giao');
    expect(await page.title()).toMatch(/^“phat giao” — Tìm kiếm — /);
    const cards = page.locator('.search-result');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(10);
    expect(await page.locator('.search-tab[aria-current="page"]').getAttribute('data-type')).toBe('all');
    // The strict search marks the whole phrase, as the text writes it. (Text contents: the results
    // past the second are rendered once scrolled near, and the innerText of a part not rendered is empty.)
    const marks = await page.locator('.search-results mark.search-hit:visible').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(fold(mark), mark).toBe('phat giao');
    expect(marks).toContain('Phật giáo');
    // Every result card has at least one marked passage.
    for (const card of await cards.all()) expect(await card.locator('mark.search-hit').count()).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-results-1280');

    // Ten results a page.
    const total = Number((await page.getByTestId('search-summary').innerText()).replace(/\D.*$/, ''));
    expect(await cards.count()).toBe(Math.min(total, 10));
    const pager = page.getByRole('navigation', { name: 'Phân trang' });
    const pages = Math.ceil(total / 10);
    expect(await pager.locator('.pagination-status').innerText()).toBe(`Trang 1 / ${pages}`);
    const firstPage = await page.locator('.search-result-title').allTextContents();
    await pager.getByRole('link', { name: 'Trang sau' }).click();
    await page.waitForURL(`${baseURL}/search?query=phat+giao&mode=strict&type=all&page=2`);
    await pager.locator('.pagination-status', { hasText: `Trang 2 / ${pages}` }).waitFor();
    const secondPage = await page.locator('.search-result-title').allTextContents();
    expect(secondPage.length).toBe(Math.min(total - 10, 10));
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
    await page.goBack();
    await pager.locator('.pagination-status', { hasText: `Trang 1 / ${pages}` }).waitFor();

    await page.setViewportSize(PHONE);
    await page.reload({ waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'search-results-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows one passage per result on a phone, and the others behind "Xem thêm N đoạn"', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/search?query=phat&mode=strict&type=book`, { waitUntil: 'networkidle' });
    await waitForSummary(page, /kết quả cho “phat”/);
    const cards = page.locator('.search-result');
    // Each card shows one passage at first; the others are folded away.
    for (const card of await cards.all()) {
      expect(await card.locator('a.search-passage:visible').count()).toBe(1);
    }
    // The book with the most matching passages: more than the page holds, so opening asks for them.
    const counts = await cards.evaluateAll((els) =>
      els.map((el) => Number(/Xem thêm (\d+)/.exec(el.textContent ?? '')?.[1] ?? 0)),
    );
    const most = counts.indexOf(Math.max(...counts));
    expect(counts[most]).toBeGreaterThan(2);
    const card = cards.nth(most);
    const toggle = card.locator('summary', { hasText: `Xem thêm ${counts[most]} đoạn` });
    const asked = page.waitForRequest((r) => r.url().includes('/search/doan'));
    await toggle.click();
    await asked;
    await card.locator('summary', { hasText: 'Thu gọn' }).waitFor();
    const shown = Math.min(counts[most]!, 49);
    await page.waitForFunction(
      ([index, n]) =>
        document.querySelectorAll('.search-result')[index]!.querySelectorAll('a.search-passage').length === n,
      [most, shown + 1] as const,
    );
    const passages = card.locator('a.search-passage');
    for (const link of await passages.all()) {
      expect(await link.locator('mark.search-hit').count()).toBeGreaterThan(0);
      expect(await link.getAttribute('href')).toMatch(/\?tim=phat#p-\d+$/);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-more-passages-320');
    // Folded again, one passage.
    await card.locator('summary', { hasText: 'Thu gọn' }).click();
    expect(await card.locator('a.search-passage:visible').count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'search-results-one-passage-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('suggests titles while typing, as a combobox driven by the keyboard', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/public/search/suggestions'))
        asked.push(new URL(r.url()).searchParams.get('query')!);
    });
    await page.goto(`${baseURL}/search`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const box = page.getByRole('combobox', { name: 'Từ khoá' });
    const list = page.getByRole('listbox', { name: 'Gợi ý' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.click();
    await page.keyboard.type('t');
    await page.waitForTimeout(400);
    // One character asks nothing.
    expect(asked).toEqual([]);
    expect(await list.isVisible()).toBe(false);
    await page.keyboard.type('am dang', { delay: 20 });
    await list.waitFor();
    // Typing quickly asks once, for what was typed when the typing paused.
    expect(asked).toEqual(['tam dang']);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const options = list.getByRole('option');
    expect(await options.first().innerText()).toMatch(new RegExp(`^${literally(book.title)}\\s+Sách$`));
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-suggestions-390');
    // axe, with the list open and an option marked: nothing serious or critical.
    await page.keyboard.press('ArrowDown');
    await page.evaluate(axeSource);
    // (The footer rendered, as a reader scrolling down sees it: unpainted, its text has no background.)
    const violations = (await withSkippedPartsRendered(page, () =>
      page.evaluate(() =>
        (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
          resultTypes: ['violations'],
        }),
      ),
    )) as AxeResults;
    expect(
      violations.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.keyboard.press('ArrowUp');

    // ↓ marks the first, ↑ goes back into the field; Escape closes, ↓ opens again.
    await page.keyboard.press('ArrowDown');
    const firstId = await options.first().getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('Escape');
    expect(await list.isVisible()).toBe(false);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // Escape closed the list only: what was typed stays.
    expect(await box.inputValue()).toBe('tam dang');
    await page.keyboard.press('ArrowDown');
    expect(await list.isVisible()).toBe(true);
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    // Enter opens the one chosen.
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/sach/${book.code}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('suggests on the home page too, and a tap chooses (touch)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const box = page.locator('#home-query');
    await box.tap();
    await box.pressSequentially('tam d', { delay: 20 });
    const option = page
      .getByRole('listbox', { name: 'Gợi ý' })
      .getByRole('option', { name: new RegExp(`^${literally(book.title)}`) });
    await option.waitFor();
    await screenshot(page, 'home-suggestions-390');
    await option.tap();
    await page.waitForURL(`${baseURL}/sach/${book.code}`);
    await page.locator('h1', { hasText: book.title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches type tabs whose counts add up to the "all" count', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/search?query=bo+tat&mode=strict&type=all`, { waitUntil: 'networkidle' });
    const counts = await tabCounts(page);
    // Types with nothing found are left out: "bồ tát" is in the demo's books, the transcripts of
    // the Heart Sutra talk and video, and articles; no talk's title has it.
    expect(Object.keys(counts)).toEqual(['all', 'book', 'video', 'transcript', 'article']);
    const tabTexts = await page
      .getByRole('navigation', { name: 'Loại nội dung' })
      .locator('.search-tab')
      .allInnerTexts();
    expect(tabTexts.map((t) => t.replace(/\s+/g, ''))).toEqual([
      `Tấtcả${counts.all}`,
      `Sách${counts.book}`,
      `Video${counts.video}`,
      `Lờitrongbàigiảng${counts.transcript}`,
      `Bàiviết${counts.article}`,
    ]);
    expect(counts.book).toBeGreaterThan(0);
    expect(counts.article).toBeGreaterThan(0);
    expect(counts.video).toBeGreaterThan(0);
    expect(counts.book + counts.video + counts.transcript + counts.article).toBe(counts.all);
    await waitForSummary(page, `${counts.all} kết quả cho “bo tat”`);
    const labels = page.locator('.search-result .search-result-type');
    // textContent: the labels are upper-cased by CSS only.
    const labelTexts = () => labels.allTextContents();
    const firstPage = new Set(await labelTexts());
    expect(firstPage.has('Sách') && firstPage.has('Bài viết')).toBe(true);
    expect([...firstPage].every((label) => ['Sách', 'Video', 'Lời trong bài giảng', 'Bài viết'].includes(label))).toBe(
      true,
    );

    await page
      .getByRole('navigation', { name: 'Loại nội dung' })
      .getByRole('link', { name: /^Bài viết/ })
      .click();
    await page.waitForURL(`${baseURL}/search?query=bo+tat&mode=strict&type=article`);
    await waitForSummary(page, `${counts.article} kết quả cho “bo tat”`);
    expect(await page.locator('.search-tab[aria-current="page"]').getAttribute('data-type')).toBe('article');
    expect(await labels.count()).toBe(Math.min(counts.article, 10));
    expect(new Set(await labelTexts())).toEqual(new Set(['Bài viết']));
    // The counts do not depend on the tab.
    expect(await tabCounts(page)).toEqual(counts);

    await page.getByRole('navigation', { name: 'Loại nội dung' }).getByRole('link', { name: /^Sách/ }).click();
    await page.waitForURL(`${baseURL}/search?query=bo+tat&mode=strict&type=book`);
    await waitForSummary(page, `${counts.book} kết quả cho “bo tat”`);
    expect(await labels.count()).toBe(Math.min(counts.book, 10));
    expect(new Set(await labelTexts())).toEqual(new Set(['Sách']));

    // An empty type (reached by its address) says so, and keeps its tab while open.
    await page.goto(`${baseURL}/search?query=bo+tat&mode=strict&type=audio`, { waitUntil: 'networkidle' });
    await waitForSummary(page, 'Không tìm thấy kết quả cho “bo tat”');
    expect(await labels.count()).toBe(0);
    expect(await page.locator('.search-tab[aria-current="page"]').getAttribute('data-type')).toBe('audio');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches to the broad mode through the form, keeping the type', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/search?query=nhu+thi+van&mode=strict&type=book`, { waitUntil: 'networkidle' });
    // Strict: the words are not next to each other anywhere, and the page says what to try.
    await waitForSummary(page, 'Không tìm thấy kết quả cho “nhu thi van”');
    expect(await page.locator('.search-empty').innerText()).toContain('Thử “Tìm mở rộng”');
    expect(await page.getByRole('radio', { name: 'Đúng cụm từ' }).isChecked()).toBe(true);
    // The form asks for the page's own address (type, mode), so no redirect comes in between.
    const searchRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/search')) searchRequests.push(r.url());
    });
    await page.getByRole('radio', { name: 'Tìm mở rộng' }).check();
    await page.getByRole('search', { name: 'Tìm trong thư viện' }).getByRole('button', { name: 'Tìm' }).click();
    await page.waitForURL(`${baseURL}/search?query=nhu+thi+van&mode=broad&type=book`);
    await waitForSummary(page, /^\d+ kết quả cho “nhu thi van”$/);
    expect(await page.locator('.search-tab[aria-current="page"]').getAttribute('data-type')).toBe('book');
    expect(await page.getByRole('radio', { name: 'Tìm mở rộng' }).isChecked()).toBe(true);
    expect(await page.locator('.search-mode-hint').innerText()).toBe(
      'Tìm các đoạn có đủ mọi chữ, ở bất kỳ vị trí nào.',
    );
    expect(searchRequests.length).toBeGreaterThan(0);
    expect(searchRequests.filter((u) => /searchType|searchMode/.test(u))).toEqual([]);
    expect(new Set(await page.locator('.search-result .search-result-type').allTextContents())).toEqual(
      new Set(['Sách']),
    );
    // Broad search marks each word wherever it is (neighbouring words share one mark).
    const marks = (await page.locator('.search-results mark.search-hit:visible').allTextContents()).map(fold);
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) for (const word of mark.split(' ')) expect(['nhu', 'thi', 'van']).toContain(word);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a result at its passage, with the words highlighted in the chapter', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    // The form keeps the type of the page it is on.
    await page.goto(`${baseURL}/search?type=book`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('#search-query').fill('nhu thi nga van');
    await page.locator('#search-query').press('Enter');
    await page.waitForURL(`${baseURL}/search?query=nhu+thi+nga+van&mode=strict&type=book`);
    await waitForSummary(page, /^\d+ kết quả cho “nhu thi nga van”$/);
    const card = page.locator('.search-result', { has: page.getByRole('link', { name: book.title }) });
    expect(await card.count()).toBe(1);
    const passage = card.locator('a.search-passage').first();
    expect(await passage.locator('mark.search-hit').allTextContents()).toEqual(['Như thị ngã văn']);
    await passage.click();
    await page.waitForURL(`${baseURL}${chapterPath(1)}?tim=nhu+thi+nga+van#p-1`);
    await page.locator('h1', { hasText: FIRST_CHAPTER }).waitFor();
    const count = await waitForSearchHighlights(page);
    const painted = await searchHighlights(page);
    expect(painted.length).toBe(count);
    expect(painted[0]).toEqual({ text: 'Như thị ngã văn', paragraph: 'p-1' });
    for (const { text } of painted) expect(fold(text)).toBe('nhu thi nga van');
    // The text itself is not changed: the paragraph reads as before, with no elements added.
    expect(await page.locator('[data-testid="chapter-text"] p#p-1').innerText()).toMatch(/^Như thị ngã văn: /);
    expect(await page.locator('[data-testid="chapter-text"] p#p-1 *').count()).toBe(0);
    expect(await inViewport(page, '[data-testid="chapter-text"] p#p-1')).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-chapter-highlight-1280');

    // Opened directly (a shared link), the chapter paints them too.
    await page.goto(`${baseURL}${chapterPath(1)}?tim=nhu+thi+nga+van#p-1`, { waitUntil: 'networkidle' });
    await waitForSearchHighlights(page);
    expect((await searchHighlights(page))[0]).toEqual({ text: 'Như thị ngã văn', paragraph: 'p-1' });
    // Without ?tim= nothing is painted.
    await page.goto(`${baseURL}${chapterPath(1)}`, { waitUntil: 'networkidle' });
    expect(await searchHighlights(page)).toEqual([]);
    expect(await page.getByTestId('chapter-text').getAttribute('data-search-hits')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('suggests the Telex reading of a query that finds nothing', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/search?query=phaatj`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await waitForSummary(page, 'Không tìm thấy kết quả cho “phaatj”');
    const suggestion = page.locator('.search-suggestion');
    expect(await suggestion.innerText()).toBe('Có phải bạn muốn tìm: phật');
    await suggestion.getByRole('link', { name: 'phật' }).click();
    await page.waitForURL(`${baseURL}/search?query=${encodeURIComponent('phật')}&mode=strict&type=all`);
    await waitForSummary(page, /^\d+ kết quả cho “phật”$/);
    expect(await page.locator('#search-query').inputValue()).toBe('phật');
    expect(await suggestion.count()).toBe(0);
    expect(await page.locator('.search-result').count()).toBeGreaterThan(0);
    // With diacritics typed, only "phật" is marked (not "phát", "phất"…).
    const marks = await page.locator('.search-results mark.search-hit:visible').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toBe('phật');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps saving searches for logged-in readers, and sends others to login', async () => {
    const anonymous = await browser.newPage({ viewport: PHONE });
    const anonymousErrors = watchPageErrors(anonymous);
    await anonymous.goto(`${baseURL}/search?query=quan+the+am&mode=strict&type=book`, { waitUntil: 'networkidle' });
    await waitForSummary(anonymous, /kết quả cho “quan the am”/);
    expect(await anonymous.getByRole('button', { name: 'Lưu tìm kiếm này' }).count()).toBe(0);
    const invite = anonymous.getByRole('link', { name: 'Đăng nhập để lưu tìm kiếm' });
    expect(await invite.getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ redirectTo: '/search?query=quan+the+am&mode=strict&type=book' })}`,
    );
    await anonymous.goto(`${baseURL}/profile/search-collection`);
    const login = new URL(anonymous.url());
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('redirectTo')).toBe('/profile/search-collection');
    expect(anonymousErrors).toEqual([]);
    await anonymous.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await loginAs(context, baseURL);
    await page.goto(`${baseURL}/search`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('#search-query').fill('quan the am');
    await page.getByRole('search', { name: 'Tìm trong thư viện' }).getByRole('button', { name: 'Tìm' }).click();
    await page.waitForURL(`${baseURL}/search?query=quan+the+am&mode=strict&type=all`);
    await waitForSummary(page, /kết quả cho “quan the am”/);
    await page.getByRole('navigation', { name: 'Loại nội dung' }).getByRole('link', { name: /^Sách/ }).click();
    await page.waitForURL(`${baseURL}/search?query=quan+the+am&mode=strict&type=book`);
    const bookCount = (await tabCounts(page)).book;
    expect(bookCount).toBeGreaterThan(0);
    await waitForSummary(page, `${bookCount} kết quả cho “quan the am”`);
    const titles = await page.locator('.search-result-title').allTextContents();

    await page.getByRole('button', { name: 'Lưu tìm kiếm này' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Đã lưu.' });
    await saved.waitFor();
    expect(await saved.getByRole('link', { name: 'Xem các tìm kiếm đã lưu' }).getAttribute('href')).toBe(
      '/profile/search-collection',
    );

    await saved.getByRole('link', { name: 'Xem các tìm kiếm đã lưu' }).click();
    await page.waitForURL(`${baseURL}/profile/search-collection`);
    const item = page.getByTestId('saved-search');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.locator('.saved-search-name').innerText()).toBe('quan the am');
    expect(await item.locator('.saved-search-meta').first().innerText()).toBe('“quan the am” · đúng cụm từ · sách');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-saved-1280');

    await item.getByRole('link', { name: 'Tìm lại' }).click();
    await page.waitForURL(`${baseURL}/search?query=quan+the+am&mode=strict&type=book`);
    await waitForSummary(page, `${bookCount} kết quả cho “quan the am”`);
    expect(await page.locator('.search-result-title').allTextContents()).toEqual(titles);
    expect(await page.locator('#search-query').inputValue()).toBe('quan the am');

    // Rename.
    await page.goto(`${baseURL}/profile/search-collection`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await item.getByRole('button', { name: 'Đổi tên' }).click();
    const name = item.getByRole('textbox', { name: 'Tên mới' });
    await name.fill('Phẩm thử — Quan Âm');
    await item.getByRole('button', { name: 'Lưu tên' }).click();
    await item.locator('.saved-search-name', { hasText: 'Phẩm thử — Quan Âm' }).waitFor();
    expect(await name.count()).toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await item.locator('.saved-search-name').innerText()).toBe('Phẩm thử — Quan Âm');
    expect(await item.getByRole('link', { name: 'Tìm lại' }).getAttribute('href')).toMatch(
      /^\/search\?query=quan\+the\+am&/,
    );
    await page.setViewportSize(PHONE);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-saved-390');
    await page.setViewportSize(DESKTOP);

    // Delete.
    await item.getByRole('button', { name: 'Xoá tìm kiếm Phẩm thử — Quan Âm' }).click();
    await page.getByText('Bạn chưa lưu tìm kiếm nào.', { exact: false }).waitFor();
    expect(await item.count()).toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Bạn chưa lưu tìm kiếm nào.', { exact: false }).waitFor();
    expect(await item.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the saved search as it was when it is renamed', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await page.goto(`${baseURL}/search?query=bo+tat&mode=broad&type=book`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Lưu tìm kiếm này' }).click();
    await page.getByRole('status').filter({ hasText: 'Đã lưu.' }).waitFor();
    await page.goto(`${baseURL}/profile/search-collection`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const item = page.getByTestId('saved-search');
    expect(await item.locator('.saved-search-meta').first().innerText()).toBe('“bo tat” · tìm mở rộng · sách');
    await item.getByRole('button', { name: 'Đổi tên' }).click();
    await item.getByRole('textbox', { name: 'Tên mới' }).fill('Bồ Tát trong kinh');
    await item.getByRole('button', { name: 'Lưu tên' }).click();
    await item.locator('.saved-search-name', { hasText: 'Bồ Tát trong kinh' }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    const href = await item.getByRole('link', { name: 'Tìm lại' }).getAttribute('href');
    await context.close();
    expect(href).toBe('/search?query=bo+tat&mode=broad&type=book');
  });

  // Every profile page: below 1024 px the menu's row of links scrolls instead of widening the page.
  it('fits the saved searches page on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await page.goto(`${baseURL}/profile/search-collection`, { waitUntil: 'networkidle' });
    await page.locator('h1', { hasText: 'Tìm kiếm đã lưu' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await context.close();
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });

  it('searches inside a book from a chapter and from the book page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${chapterPath(1)}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Tìm trong sách' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('book-search').count()).toBe(0);
    await toggle.click();
    const box = page.getByTestId('book-search');
    await box.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The box opens ready to type.
    const input = box.getByRole('searchbox', { name: 'Tìm trong sách này' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'Tìm trong sách này…');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('tu bo de');
    expect(await input.inputValue()).toBe('tu bo de');
    await page.keyboard.press('Enter');
    const status = box.locator('.book-search-status');
    await status.filter({ hasText: /^\d+ đoạn có “tu bo de”/ }).waitFor();
    const links = box.locator('.book-search-results a.search-passage');
    expect(await links.count()).toBeGreaterThan(1);
    // Every passage says which chapter it is in, and has the words marked.
    // (textContent: the contents list is folded away.)
    const chapterTitles = (await page.locator('.reader-toc-list a span:last-child').allTextContents()).map(fold);
    for (const link of await links.all()) {
      const label = await link.locator('.search-passage-label').innerText();
      expect(chapterTitles).toContain(fold(label));
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^/${literally(book.code)}-\\d+/${literally(book.code)}\\?tim=tu\\+bo\\+de#p-\\d+$`),
      );
      expect(await link.locator('mark.search-hit').count()).toBeGreaterThan(0);
    }
    await screenshot(page, 'search-in-book-1280');

    const first = links.first();
    const href = (await first.getAttribute('href'))!;
    const label = await first.locator('.search-passage-label').innerText();
    const paragraph = href.split('#')[1]!;
    await first.click();
    await page.waitForURL(`${baseURL}${href}`);
    await page
      .locator('#chapter-title')
      .filter({ hasText: new RegExp(`^${literally(label)}`, 'i') })
      .waitFor();
    await waitForSearchHighlights(page);
    const painted = await searchHighlights(page);
    for (const { text } of painted) expect(fold(text)).toBe('tu bo de');
    expect(painted.map((p) => p.paragraph)).toContain(paragraph);
    expect(await inViewport(page, `[data-testid="chapter-text"] p#${paragraph}`)).toBe(true);
    await screenshot(page, 'search-in-book-chapter-1280');

    // The book's page has the box too; a phrase not found offers the broad search.
    await page.goto(`${baseURL}/sach/${book.code}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const bookBox = page.getByTestId('book-search');
    await bookBox.getByRole('searchbox', { name: 'Tìm trong sách này' }).fill('nhu thi van');
    await bookBox.getByRole('button', { name: 'Tìm' }).click();
    await bookBox.getByText('Không có đoạn nào có “nhu thi van”.').waitFor();
    expect(await bookBox.locator('.book-search-results').count()).toBe(0);
    await bookBox.getByRole('button', { name: /^Tìm mở rộng/ }).click();
    await bookBox
      .locator('.book-search-status')
      .filter({ hasText: /^\d+ đoạn có “nhu thi van”/ })
      .waitFor();
    expect(await bookBox.locator('.book-search-results a.search-passage').count()).toBeGreaterThan(0);
    await bookBox.getByRole('searchbox', { name: 'Tìm trong sách này' }).fill('bat kha tu nghi');
    await bookBox.getByRole('button', { name: 'Tìm' }).click();
    await bookBox
      .locator('.book-search-status')
      .filter({ hasText: /^\d+ đoạn có “bat kha tu nghi”/ })
      .waitFor();
    const marks2 = await bookBox.locator('mark.search-hit').allInnerTexts();
    expect(marks2.length).toBeGreaterThan(0);
    expect(marks2).toContain('bất khả tư nghị');
    await bookBox.locator('a.search-passage').first().click();
    await page.waitForURL(
      new RegExp(`^[^#]+/${literally(book.code)}-\\d+/${literally(book.code)}\\?tim=bat\\+kha\\+tu\\+nghi#p-\\d+$`),
    );
    await waitForSearchHighlights(page);
    expect((await searchHighlights(page)).map((p) => p.text)).toContain('bất khả tư nghị');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists a query searched by two readers on the most-searched page, linking to its search', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    // A query no other test searches, so its count is known.
    const query = 'yen tu';
    await page.goto(`${baseURL}/bai-viet/tim-kiem-nhieu`, { waitUntil: 'networkidle' });
    expect(await page.locator('.popular-query-text', { hasText: query }).count()).toBe(0);

    const searchFrom = async (from: Page) => {
      await from.goto(`${baseURL}/search`, { waitUntil: 'networkidle' });
      await waitForHydration(from);
      await from.locator('#search-query').fill(query);
      await from.locator('#search-query').press('Enter');
      await from.waitForURL(`${baseURL}/search?query=yen+tu&mode=strict&type=all`);
      await waitForSummary(from, /^\d+ kết quả cho “yen tu”$/);
    };
    // One reader searching it again and again counts once: it is not listed yet.
    for (let i = 0; i < 3; i++) await searchFrom(page);
    await page.goto(`${baseURL}/bai-viet/tim-kiem-nhieu`, { waitUntil: 'networkidle' });
    expect(await page.locator('.popular-query-text', { hasText: query }).count()).toBe(0);
    // A second reader (logged in: counted by account) makes two.
    const otherContext = await browser.newContext({ viewport: DESKTOP });
    await loginAs(otherContext, baseURL);
    const other = await otherContext.newPage();
    await searchFrom(other);
    await otherContext.close();
    // A query that finds nothing is never counted, however often it is searched.
    for (let i = 0; i < 2; i++) {
      await page.goto(`${baseURL}/search?query=khong+co+gi+ca+xyz`, { waitUntil: 'networkidle' });
      await waitForSummary(page, 'Không tìm thấy kết quả cho “khong co gi ca xyz”');
    }

    await page.goto(`${baseURL}/bai-viet/tim-kiem-nhieu`, { waitUntil: 'networkidle' });
    const list = page.getByTestId('popular-queries');
    await list.waitFor();
    const entry = list.getByRole('link', { name: new RegExp(`${query}\\s*2 lần$`) });
    expect(await entry.count()).toBe(1);
    expect(await entry.getAttribute('href')).toBe('/search?query=yen+tu&mode=strict&type=all');
    expect(await list.getByText('khong co gi ca xyz').count()).toBe(0);
    // Every listed query was searched at least twice.
    for (const count of await list.locator('.popular-query-count').allInnerTexts()) {
      expect(Number(count.replace(/\D/g, ''))).toBeGreaterThanOrEqual(2);
    }
    await screenshot(page, 'search-most-searched-1280');
    await entry.click();
    await page.waitForURL(`${baseURL}/search?query=yen+tu&mode=strict&type=all`);
    await waitForSummary(page, /^\d+ kết quả cho “yen tu”$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers hostile input with a normal page', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    const res = await page.goto(`${baseURL}/search?query=%22%29%28*`, { waitUntil: 'networkidle' });
    expect(res!.status()).toBe(200);
    await page.locator('h1', { hasText: 'Tìm kiếm' }).waitFor();
    expect(await page.getByTestId('search-summary').innerText()).toMatch(
      /^(Không tìm thấy kết quả cho “"\)\(\*”|\d+ kết quả cho “"\)\(\*”)$/,
    );
    expect(await page.locator('#search-query').inputValue()).toBe('")(*');

    const long = 'phat '.repeat(80);
    const res2 = await page.goto(`${baseURL}/search?query=${encodeURIComponent(long)}`, { waitUntil: 'networkidle' });
    expect(res2!.status()).toBe(200);
    await page.locator('h1', { hasText: 'Tìm kiếm' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Từ khoá tìm kiếm dài quá 300 ký tự, xin rút gọn lại.');
    expect(await page.locator('.search-result').count()).toBe(0);
    expect(await page.getByTestId('search-summary').count()).toBe(0);
    await screenshot(page, 'search-too-long-390');

    // Unknown mode, type and page fall back to the defaults.
    await page.goto(`${baseURL}/search?query=phat+giao&mode=xyz&type=%3Cscript%3E&page=-3`, {
      waitUntil: 'networkidle',
    });
    await waitForSummary(page, /^\d+ kết quả cho “phat giao”$/);
    expect(await page.locator('.search-tab[aria-current="page"]').getAttribute('data-type')).toBe('all');
    expect(errors).toEqual([]);
    await page.close();
  });
});
