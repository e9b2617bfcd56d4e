import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { siteDictionary } from '../factories/site.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { adminToken, loginAs } from './support/session.ts';
import { bookForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
const PARAGRAPH =
  'Bấy giờ trong thành Tỳ-da-ly có ông trưởng giả tên Duy-ma-cật, đã từng cúng dường vô lượng chư Phật.';
const ENTRY = { headword: '維摩詰', reading: 'duy-ma-cật', meaning: 'Tên một cư sĩ ở thành Tỳ-da-ly (mục thử).' };

/** This test's own book: the term is in its first paragraph. */
const book = bookForThisFile({ title: 'Kinh Tra Từ', chapters: [{ title: 'Phẩm thử', markdown: PARAGRAPH }] });

/** Selects `words` of the chapter's first paragraph, as a reader's finger or mouse does. */
async function select(page: Page, words: string) {
  await page.evaluate(
    ({ words }) => {
      const p = document.querySelector('[data-testid="chapter-text"] p#p-1')!;
      const start = p.textContent!.indexOf(words);
      const range = document.createRange();
      range.setStart(p.firstChild!, start);
      range.setEnd(p.firstChild!, start + words.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { words },
  );
  await page.getByTestId('selection-popup').waitFor();
}

/** The chapter, and the scripts the page fetched. */
async function openChapter(context: BrowserContext) {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return { page, errors, scripts };
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.2 AA findings inside the look-up sheet (contrast included). */
async function sheetFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
      { include: [['[data-testid="lookup-sheet"]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] },
    ),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * "Tra từ" under a selected term of a chapter (app/components/reader/term-lookup-sheet.tsx): the
 * imported entries read so, and the passages with the term, in the look-up sheet.
 */
describe('looking up a Vietnamese term selected in a chapter', () => {
  let browser: Browser;
  let dictionary: Awaited<ReturnType<typeof siteDictionary>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken(baseURL, inject('dataDir'));
    dictionary = await siteDictionary(baseURL, token, { license: 'CC BY-SA 4.0', entries: [ENTRY] });
  });
  afterAll(async () => {
    await dictionary?.remove();
    await browser.close();
  });

  it('at 390 px: "Tra từ" opens the entry, loaded only then, and follows "passages with this term"', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const { page, errors, scripts } = await openChapter(context);
    // A sentence is not a term: no "Tra từ" under it.
    await select(page, 'Bấy giờ trong thành Tỳ-da-ly có ông trưởng giả');
    await expect(page.getByRole('button', { name: 'Tra từ' }).count()).resolves.toBe(0);

    await select(page, 'Duy-ma-cật');
    expect(scripts.filter((s) => /lookup-sheet/.test(s))).toEqual([]);
    await page.getByRole('button', { name: 'Tra từ' }).click();
    const sheet = page.getByTestId('lookup-sheet');
    await sheet.getByText(ENTRY.meaning).waitFor();
    expect(scripts.some((s) => s.includes('term-lookup-sheet'))).toBe(true);
    await expect(sheet.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Duy-ma-cật');
    // The focus is in the sheet; its entry names its Chinese, reading and dictionary with its licence.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('lookup-title');
    await expect(sheet.locator('.lookup-entries').textContent()).resolves.toContain('維摩詰 duy-ma-cật');
    await expect(sheet.locator('.lookup-source').first().textContent()).resolves.toBe(
      `Theo ${dictionary.name} · CC BY-SA 4.0`,
    );
    // The passages with the term: this book's among them.
    const passage = sheet.locator('.lookup-passages a', { hasText: book.title });
    await expect(passage.locator('mark').allTextContents()).resolves.toEqual(['Duy', 'ma', 'cật']);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, 'term-lookup-390', { fullPage: false });

    await sheet.getByRole('link', { name: 'Xem tất cả trong tìm kiếm' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const url = new URL(page.url());
    expect([url.searchParams.get('query'), url.searchParams.get('mode'), url.searchParams.get('type')]).toEqual([
      'Duy-ma-cật',
      'strict',
      'book',
    ]);
    await page.getByRole('link', { name: book.title }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px: a term the dictionaries lack says so and still offers the search; Escape gives the focus back', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const { page, errors } = await openChapter(context);
    // The spaces a selection drags along are left out.
    await select(page, ' trưởng giả ');
    await page.getByRole('button', { name: 'Tra từ' }).click();
    const sheet = page.getByTestId('lookup-sheet');
    await expect(sheet.getByTestId('lookup-no-entry').textContent()).resolves.toBe(
      'Từ điển của thư viện chưa có mục nào đọc là “trưởng giả”.',
    );
    await expect(sheet.getByRole('link', { name: 'Xem tất cả trong tìm kiếm' }).getAttribute('href')).resolves.toBe(
      `/search?${new URLSearchParams({ query: 'trưởng giả', mode: 'strict', type: 'book' })}`,
    );
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('p-1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px: one syllable also lists the Chinese characters Unihan reads so', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const { page, errors } = await openChapter(context);
    await select(page, 'Phật');
    await page.getByRole('button', { name: 'Tra từ' }).click();
    const sheet = page.getByTestId('lookup-sheet');
    await sheet.getByRole('heading', { name: 'Chữ Hán đọc như vậy' }).waitFor();
    const buddha = sheet.locator('.lookup-characters div', { has: page.locator('dt', { hasText: '佛' }) });
    await expect(buddha.locator('.lookup-char-reading').textContent()).resolves.toContain('phật');
    await expect(buddha.locator('.lookup-gloss').textContent()).resolves.toMatch(/Buddha/);
    await screenshot(page, 'term-lookup-390-syllable', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 320 px, logged in: "Tra từ" beside the colours, "Chép" and "Sửa lỗi", inside the screen', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, hasTouch: true });
    await loginAs(context, baseURL);
    const { page, errors } = await openChapter(context);
    await select(page, 'Duy-ma-cật');
    const popup = page.getByTestId('selection-popup');
    await expect(popup.getByRole('button').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['Chép', 'Sửa lỗi', 'Tra từ']),
    );
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(320);
    await screenshot(page, 'term-lookup-320-tools', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [width, theme] of [
    [320, 'light'],
    [320, 'dark'],
    [390, 'dark'],
    [1366, 'light'],
    [1366, 'dark'],
  ] as const) {
    it(`at ${width} px in the ${theme} theme: the sheet fits the screen`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 800 : 640 } });
      await context.addInitScript((t) => localStorage.setItem('phap-bao:theme', t), theme);
      const { page, errors } = await openChapter(context);
      await select(page, 'Duy-ma-cật');
      await page.getByRole('button', { name: 'Tra từ' }).click();
      const sheet = page.getByTestId('lookup-sheet');
      await sheet.getByText(ENTRY.meaning).waitFor();
      const box = (await sheet.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      expect(await sheetFindings(page)).toEqual([]);
      await screenshot(page, `term-lookup-${width}-${theme}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
