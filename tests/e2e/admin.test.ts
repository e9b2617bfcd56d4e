import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { loginAs, loginAsAdmin } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

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
    await page.getByRole('heading', { name: /quản trị/ }).waitFor();
    await context.close();
  });

  it('lets an admin import a book through the upload form, open it, and read the import in the log', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri`, { waitUntil: 'networkidle' });
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
    await context.close();
  });
});
