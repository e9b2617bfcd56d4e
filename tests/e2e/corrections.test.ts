import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { adminToken, loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
// A chapter no other browser test reads word for word: this test changes its first paragraph.
const CHAPTER = '/mong-son-thi-thuc-1/mong-son-thi-thuc';

/** Selects the first characters of paragraph p-N, as a reader's drag would. */
async function selectStart(page: Page, paragraph: string, length: number) {
  await page.evaluate(
    ({ paragraph, length }) => {
      const text = document.querySelector(`[data-testid="chapter-text"] p#${paragraph}`)!.firstChild!;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { paragraph, length },
  );
}

const paragraphText = (page: Page, id: string) =>
  page.locator(`[data-testid="chapter-text"] p#${id}`).first().innerText();

/**
 * "Báo lỗi / Đề xuất sửa" in the browser (issue 21, item 9; decision 0031): a logged-in reader
 * rewrites a paragraph from the selection tools; a moderator sees the diff in the moderation page
 * and accepts it; the chapter shows the new text and thanks the reader; search finds it.
 */
describe('readers’ corrections', () => {
  let browser: Browser;
  let moderator: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    moderator = await adminToken(baseURL, dataDir, 'kiemduyetsua', 'mat-khau-kiem-duyet-sua');
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a reader proposes a correction; a moderator accepts it from the diff; the chapter, search and the log follow', async () => {
    const word = `chusua${crypto.randomBytes(3).toString('hex')}`;
    // The reader, at 390 px.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await loginAs(context, baseURL);
    const me = (await (await fetch(`${baseURL}/api/v1/me`, { headers: { 'x-token': reader.token } })).json()) as {
      data: { displayName: string };
    };
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${CHAPTER}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const original = await paragraphText(page, 'p-1');
    await selectStart(page, 'p-1', 6);
    await page.getByTestId('suggest-correction').click();
    const dialog = page.getByRole('dialog', { name: 'Báo lỗi, đề xuất sửa đoạn này' });
    await dialog.waitFor();
    const text = dialog.getByLabel('Đoạn văn như bạn đề nghị');
    expect(await text.inputValue()).toBe(original);
    // Unchanged, it cannot be sent.
    expect(await dialog.getByRole('button', { name: 'Gửi đề xuất' }).isDisabled()).toBe(true);
    const proposed = `${original} ${word}`;
    await text.fill(proposed);
    await dialog.getByLabel('Ghi chú cho người kiểm duyệt (không bắt buộc)').fill('Theo bản in của chùa');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'correction-dialog-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Gửi đề xuất' }).click();
    await page.getByText('Đã gửi đề xuất sửa. Cảm ơn bạn!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Nothing changes before a moderator decides.
    expect(await paragraphText(page, 'p-1')).toBe(original);
    expect(errors).toEqual([]);
    await context.close();

    // The moderator, at 320 px: the diff shows the word put in; refusing needs a reason; accepting applies it.
    const modContext = await browser.newContext({ viewport: { width: 320, height: 740 } });
    await modContext.addCookies([
      { name: 'pb_token', value: moderator, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    ]);
    const modPage = await modContext.newPage();
    const modErrors = watchPageErrors(modPage);
    await modPage.goto(`${baseURL}/quan-tri/kiem-duyet`, { waitUntil: 'networkidle' });
    await waitForHydration(modPage);
    const item = modPage.getByTestId('correction-item').filter({ hasText: word });
    await item.waitFor();
    expect(await item.locator('ins').allInnerTexts()).toEqual([word]);
    expect(await item.locator('del').count()).toBe(0);
    expect(await item.innerText()).toContain(me.data.displayName);
    expect(await item.innerText()).toContain('Theo bản in của chùa');
    expect(await modPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(modPage, 'correction-review-320', { fullPage: false });
    await item.getByRole('button', { name: 'Từ chối' }).click();
    await item.getByRole('alert').filter({ hasText: 'Hãy ghi lý do từ chối' }).waitFor();
    await item.getByRole('button', { name: 'Nhận và sửa' }).click();
    await item.waitFor({ state: 'detached' });
    // The one failed request is the refusal without a reason (400), which the browser logs.
    expect(modErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);

    // Anyone now reads the new text with the reader thanked, and search finds the new word.
    const anon = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await anon.goto(`${baseURL}${CHAPTER}`, { waitUntil: 'networkidle' });
    expect(await paragraphText(anon, 'p-1')).toBe(proposed);
    expect(await anon.getByTestId('correction-credit').innerText()).toContain(me.data.displayName);
    await anon.goto(`${baseURL}/search?query=${word}`, { waitUntil: 'networkidle' });
    expect(await anon.locator(`a[href*="mong-son-thi-thuc"]`).count()).toBeGreaterThan(0);
    await anon.close();

    // The audit log names the moderator's acceptance and the reader.
    await modPage.goto(`${baseURL}/quan-tri/nhat-ky`, { waitUntil: 'networkidle' });
    const entry = modPage.locator('li', { hasText: 'nhận đề xuất sửa' }).first();
    expect(await entry.innerText()).toContain(me.data.displayName);
    await modContext.close();
  });

  it('anonymous readers are offered to log in, not a correction; at 1366 px in dark the dialog fits', async () => {
    const anon = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await anon.goto(`${baseURL}${CHAPTER}`, { waitUntil: 'networkidle' });
    await waitForHydration(anon);
    await selectStart(anon, 'p-1', 6);
    await anon.getByTestId('selection-popup').waitFor();
    expect(await anon.getByTestId('suggest-correction').count()).toBe(0);
    expect(await anon.getByTestId('selection-popup').innerText()).toContain('Đăng nhập');
    await anon.close();

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('phap-bao:theme', 'dark'));
    await loginAs(context, baseURL);
    const page = await context.newPage();
    await page.goto(`${baseURL}${CHAPTER}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await selectStart(page, 'p-1', 6);
    await page.getByTestId('suggest-correction').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(640);
    expect(box.y).toBeGreaterThan(0);
    await screenshot(page, 'correction-dialog-dark-1366', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
