import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs, loginAsAdmin } from './support/session.ts';
import { talkCollectionForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
/** A talk of this file's own, for a compilation. */
const TALK = 'Bài thử cho tổng hợp';
talkCollectionForThisFile({ title: 'Tuyển tập cho tổng hợp', talks: [TALK] });

/** Calls the admin API (the tests tidy up after themselves: other files count the demo content). */
async function adminApi<T = unknown>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1${url}`, {
    method,
    headers: { 'x-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

describe('the administration area', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is closed to readers (403) and sends anonymous visitors to log in', async () => {
    const anonymous = await browser.newPage();
    await anonymous.goto(`${baseURL}/quan-tri`, { waitUntil: 'networkidle' });
    expect(new URL(anonymous.url()).pathname).toBe('/login');
    await anonymous.close();
    const context = await browser.newContext();
    await loginAs(context, baseURL);
    const page = await context.newPage();
    const res = await page.goto(`${baseURL}/quan-tri/nhap`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(403);
    // The 403 page says whom the page is for (the server's reason, below its heading).
    await page
      .locator('main')
      .getByText(/quản trị/)
      .first()
      .waitFor();
    await context.close();
  });

  it('lets an admin import a book through the upload form, open it, and read the import in the log', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const token = await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByTestId('admin-figures').waitFor();
    await page.locator('.profile-menu').getByRole('link', { name: 'Nhập tệp' }).click();
    await page.waitForURL(/\/quan-tri\/nhap$/);
    await page.locator('#import-files').setInputFiles([
      {
        name: 'kinh-tai-len.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from(
          '---\ntitle: Kinh tải lên thử\nauthor: Ban biên tập\n---\n# Phẩm thứ nhất\n\nNhư thị ngã văn, tải lên từ trang quản trị.\n',
        ),
      },
      { name: 'gia.epub', mimeType: 'application/epub+zip', buffer: Buffer.from('không phải epub') },
    ]);
    await page.getByRole('button', { name: 'Nhập' }).click();
    const results = page.getByTestId('import-outcomes');
    await results.waitFor();
    await results.locator('tr[data-status="failed"]').filter({ hasText: 'không phải gói ZIP' }).waitFor();
    await screenshot(page, 'admin-import-1280');
    await results.getByRole('link', { name: /Đã thêm: Kinh tải lên thử/ }).click();
    await page.waitForURL(/\/sach\/kinh-tai-len-thu$/);
    await page.getByRole('heading', { name: 'Kinh tải lên thử' }).waitFor();

    await page.goto(`${baseURL}/quan-tri/nhat-ky`, { waitUntil: 'networkidle' });
    await page.getByTestId('audit-list').getByText('“Kinh tải lên thử”').waitFor();
    expect(await page.getByTestId('audit-list').innerText()).toContain('nhập sách');
    await screenshot(page, 'admin-audit-1280');
    expect(errors).toEqual([]);
    const books = await adminApi<{ items: { id: number; code: string }[] }>(token, 'GET', '/admin/books?perPage=100');
    const imported = books.items.find((b) => b.code === 'kinh-tai-len-thu')!;
    await adminApi(token, 'DELETE', `/admin/book/${imported.id}`);
    await context.close();
  });

  it('lets an admin edit the footer quotes (shown on the site at once) and refuses a keyword list that is not 70 long', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const token = await loginAsAdmin(context, baseURL, dataDir);
    const originalQuotes = await adminApi<unknown[]>(token, 'GET', '/admin/footer_quotes');
    const page = await context.newPage();
    await page.goto(`${baseURL}/quan-tri/trang-chu`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const keywords = page.locator('#keywords');
    const lines = (await keywords.inputValue()).split('\n');
    expect(lines).toHaveLength(70);
    await keywords.fill(lines.slice(0, 69).join('\n'));
    await page.getByRole('button', { name: 'Lưu gợi ý' }).click();
    await page.getByTestId('keywords-form').getByRole('alert').filter({ hasText: 'đúng 70' }).waitFor();

    const texts = Array.from({ length: 7 }, (_, i) => `Hãy sống tỉnh thức, lời trích thử số ${i + 1}.`);
    for (const [i, text] of texts.entries()) await page.locator(`#text-${i}`).fill(text);
    await page.getByRole('button', { name: 'Lưu lời trích' }).click();
    await page.getByTestId('quotes-form').getByRole('status').filter({ hasText: 'Đã lưu.' }).waitFor();
    await screenshot(page, 'admin-site-lists-390');
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    // Text contents: the footer is rendered once scrolled near; the innerText of a part not rendered is empty.
    const footer = (await page.locator('footer.site-footer').textContent())!;
    expect(texts.some((text) => footer.includes(text))).toBe(true);
    await adminApi(token, 'PUT', '/admin/footer_quotes', { quotes: originalQuotes });
    await context.close();
  });

  it('lets an admin write an article in Markdown with a live preview, publish it and read it in the news', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const token = await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri/bai-viet`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Viết bài mới' }).click();
    await page.waitForURL(/\/quan-tri\/bai-viet\/moi$/);
    await page.locator('#title').fill('Thông báo khoá tu Phật thất');
    await page
      .locator('#bodyMarkdown')
      .fill('Khoá tu **Phật thất** bắt đầu từ rằm tháng Mười.\n\n- Đăng ký sớm\n- Mang theo áo tràng');
    // The preview is what will be stored: rendered and sanitised on the server.
    await page.getByTestId('article-preview').locator('strong', { hasText: 'Phật thất' }).waitFor();
    expect(await page.getByTestId('article-preview').locator('li').count()).toBe(2);
    await page.locator('#categoryId').selectOption({ index: 1 });
    await page.locator('input[name="status"][value="published"]').check();
    await screenshot(page, 'admin-article-editor-1280');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(/\/quan-tri\/bai-viet\/\d+\?da-luu=1$/);
    const articleId = new URL(page.url()).pathname.split('/').pop();
    // A cover: any image, cut to the share-preview shape.
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#7a4a22' } })
      .png()
      .toBuffer();
    await page.locator('#cover-file').setInputFiles({ name: 'bia.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Lưu ảnh bìa' }).click();
    await page.locator('.admin-cover-preview').waitFor();
    await page.getByRole('link', { name: 'Xem bài trên trang đọc' }).click();
    await page.waitForURL(/\/tin-tuc\/thong-bao-khoa-tu-phat-that$/);
    await page.locator('h1', { hasText: 'Thông báo khoá tu Phật thất' }).waitFor();
    expect(await page.locator('.news-article-body strong').innerText()).toBe('Phật thất');
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.news-article-cover')?.naturalWidth ?? 0) === 1200,
    );
    await page.goto(`${baseURL}/tin-tuc`, { waitUntil: 'networkidle' });
    expect(await page.locator('main').innerText()).toContain('Thông báo khoá tu Phật thất');
    expect(errors).toEqual([]);
    await adminApi(token, 'DELETE', `/admin/article/${articleId}`);
    await context.close();
  });

  it('lets an admin make a compilation, order its items and publish it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const token = await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri/tong-hop/moi`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('#title').fill('Đọc và nghe về Vu Lan');
    await page.locator('#item-type').selectOption('talk');
    await page.locator('#item-pick').selectOption({ label: TALK });
    await page.getByRole('button', { name: 'Thêm mục' }).click();
    await page.locator('#item-type').selectOption('book');
    await page.locator('#item-pick').selectOption({ index: 1 });
    const bookTitle = (await page.locator('#item-pick option:checked').innerText()).trim();
    await page.getByRole('button', { name: 'Thêm mục' }).click();
    // The book first.
    await page.getByRole('button', { name: `Đưa “${bookTitle}” lên` }).click();
    expect(await page.getByTestId('compilation-items').locator('li').allInnerTexts()).toEqual([
      expect.stringContaining(bookTitle),
      expect.stringContaining(TALK),
    ]);
    await page.locator('input[name="status"][value="published"]').check();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(/\/quan-tri\/tong-hop\/\d+\?da-luu=1$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${baseURL}/tong-hop/${id}`, { waitUntil: 'networkidle' });
    await page.locator('h1', { hasText: 'Đọc và nghe về Vu Lan' }).waitFor();
    const main = await page.locator('main').innerText();
    expect(main.indexOf(bookTitle)).toBeLessThan(main.indexOf(TALK));
    expect(errors).toEqual([]);
    await adminApi(token, 'DELETE', `/admin/compilation/${id}`);
    await context.close();
  });
});
