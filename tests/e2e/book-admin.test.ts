import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs, loginAsAdmin } from './support/session.ts';
import { dragWithKeyboard } from './support/keyboard-drag.ts';
import { bookForThisFile } from './support/site-books.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

const TITLE = 'Kinh Thử Nghiệm Trình Duyệt';
const CODE = 'kinh-thu-nghiem-trinh-duyet';
/** A published book already in the library, for the list. */
const listed = bookForThisFile({ title: 'Kinh Có Sẵn Trong Danh Sách' });

/** Types Markdown into the editor and waits until the server's preview shows `expected`. */
async function writeChapter(page: Page, title: string, markdown: string, expected: { tag: string; text: string }) {
  await page.locator('#chapter-title').fill(title);
  await page.locator('#chapter-markdown').fill(markdown);
  await page.getByTestId('markdown-preview').locator(expected.tag, { hasText: expected.text }).waitFor();
}

describe('the administration of books', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is closed to readers', async () => {
    const context = await browser.newContext();
    await loginAs(context, baseURL);
    const page = await context.newPage();
    for (const path of ['/quan-tri/sach', '/quan-tri/sach/moi', '/quan-tri/sach/1', '/quan-tri/sach/1/chuong']) {
      const res = await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' });
      expect(res?.status(), path).toBe(403);
    }
    const preview = await context.request.post(`${baseURL}/quan-tri/xem-truoc-markdown`, {
      form: { markdown: '*a*' },
    });
    expect(preview.status()).toBe(403);
    await context.close();
  });

  it('lets an admin write a book in Markdown with a live preview, reorder it, publish it, find it, and delete it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await loginAsAdmin(context, baseURL, dataDir);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // The list: drafts and published books, from the menu.
    await page.goto(`${baseURL}/quan-tri`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.profile-menu').getByRole('link', { name: 'Kinh sách' }).click();
    await page.waitForURL(/\/quan-tri\/sach$/);
    await page.getByTestId('admin-book-list').getByRole('link', { name: listed.title, exact: false }).first().waitFor();
    await screenshot(page, 'admin-books-list-1280');

    // Create: a draft.
    await page.getByRole('link', { name: '+ Thêm sách' }).click();
    await page.waitForURL(/\/quan-tri\/sach\/moi$/);
    await page.locator('#book-title').fill(TITLE);
    await page.locator('#book-author').fill('Ban biên tập');
    await page.locator('#book-description').fill('Một cuốn sách viết thử trong trang quản trị.');
    await page.getByRole('button', { name: 'Tạo sách' }).click();
    await page.waitForURL(/\/quan-tri\/sach\/\d+\?moi=1$/);
    const bookUrl = page.url().replace(/\?.*$/, '');
    expect(await page.getByTestId('book-status').innerText()).toBe('Bản nháp');
    expect((await page.goto(`${baseURL}/sach/${CODE}`))?.status()).toBe(404);
    await page.goto(bookUrl, { waitUntil: 'networkidle' });
    await waitForHydration(page);

    // Two chapters in Markdown; the preview follows the typing.
    await page.getByRole('link', { name: '+ Thêm chương' }).click();
    await page.waitForURL(/\/chuong$/);
    await page.locator('#chapter-markdown').waitFor();
    await writeChapter(page, 'Phẩm Tựa', 'Như thị ngã văn.\n\nMột thời **Đức Phật** ở rừng Kỳ Đà.', {
      tag: 'strong',
      text: 'Đức Phật',
    });
    // The preview changes as the text does, through the server's sanitiser.
    await page
      .locator('#chapter-markdown')
      .fill(
        'Như thị ngã văn.\n\nMột thời **Đức Phật** ở rừng Kỳ Đà, dạy về *chánh niệm tỉnh giác*.\n\n<script>alert(1)</script>',
      );
    const preview = page.getByTestId('markdown-preview');
    await preview.locator('em', { hasText: 'chánh niệm tỉnh giác' }).waitFor();
    expect(await preview.innerHTML()).not.toContain('script');
    expect(await preview.locator('p#p-2').count()).toBe(1);
    await screenshot(page, 'admin-chapter-editor-1280');
    await page.getByRole('button', { name: 'Thêm chương' }).click();
    await page.waitForURL(/\/quan-tri\/sach\/\d+\?chuong=moi$/);

    await page.getByRole('link', { name: '+ Thêm chương' }).click();
    await page.waitForURL(/\/chuong$/);
    await writeChapter(page, 'Phẩm Hai', '## Hoa sen\n\n> Sen nở giữa bùn mà chẳng nhiễm mùi bùn.', {
      tag: 'blockquote',
      text: 'Sen nở giữa bùn',
    });
    await page.getByRole('button', { name: 'Thêm chương' }).click();
    await page.waitForURL(/\/quan-tri\/sach\/\d+\?chuong=moi$/);
    const list = page.getByTestId('chapter-list');
    await list.getByRole('link', { name: 'Phẩm Hai' }).waitFor();
    expect(await list.locator('.admin-chapter-title').allInnerTexts()).toEqual(['Phẩm Tựa', 'Phẩm Hai']);

    // Reorder with the keyboard (dnd-kit: Space, arrow, Space); the order is saved at once.
    await page.waitForLoadState('networkidle');
    await dragWithKeyboard(
      page,
      page.getByRole('button', { name: 'Đổi chỗ chương “Phẩm Hai”' }),
      [['ArrowUp', 'Chương đang ở vị trí 1.']],
      'Đã đặt chương ở vị trí 1.',
    );
    await page.getByText('Đã lưu thứ tự chương.').first().waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    expect(await list.locator('.admin-chapter-title').allInnerTexts()).toEqual(['Phẩm Hai', 'Phẩm Tựa']);

    // A cover: previewed when chosen, then cut to 300×400 by the server.
    const png = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#2f6f8f' } })
      .png()
      .toBuffer();
    await page.locator('#book-cover-file').setInputFiles({ name: 'bia.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Ảnh bìa sắp lưu' }).waitFor();
    await page.getByRole('button', { name: 'Lưu ảnh bìa' }).click();
    await page.getByText('Đã lưu ảnh bìa.').waitFor();
    // The saved cover replaces the local preview.
    await expect
      .poll(() => page.getByTestId('cover-form').locator('img').getAttribute('src'))
      .toMatch(new RegExp(`^/media/covers/${CODE}-[0-9a-f]+-300\\.webp$`));

    // Publish.
    await page.getByRole('button', { name: 'Xuất bản' }).click();
    await page.getByText('Đã xuất bản: bạn đọc đã thấy sách này.').waitFor();
    await expect.poll(() => page.getByTestId('book-status').innerText()).toBe('Đã xuất bản');
    await screenshot(page, 'admin-book-1280');

    // Readers find it on /sach and through search (no diacritics typed).
    await page.goto(`${baseURL}/sach`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator(`a[href="/sach/${CODE}"]`).first().click();
    await page.waitForURL(new RegExp(`/sach/${CODE}$`));
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.goto(`${baseURL}/search?query=chanh+niem+tinh+giac&mode=strict&type=book`, {
      waitUntil: 'networkidle',
    });
    await page.locator(`a[href^="/${CODE}-1/${CODE}"]`).first().waitFor();

    // Phones.
    const phone = await context.newPage();
    const phoneErrors = watchPageErrors(phone);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${baseURL}/quan-tri/sach`, { waitUntil: 'networkidle' });
    await waitForHydration(phone);
    await screenshot(phone, 'admin-books-list-390');
    await phone.goto(bookUrl, { waitUntil: 'networkidle' });
    await waitForHydration(phone);
    await screenshot(phone, 'admin-book-390');
    await phone.getByTestId('chapter-list').getByRole('link', { name: 'Phẩm Tựa' }).click();
    await phone.waitForURL(/\/chuong\/\d+$/);
    await phone.getByTestId('markdown-preview').locator('em', { hasText: 'chánh niệm tỉnh giác' }).waitFor();
    await screenshot(phone, 'admin-chapter-editor-390');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    // Delete, after a confirmation step: gone for readers.
    await page.goto(bookUrl, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByText('Xoá cuốn sách này…').click();
    await page.getByRole('button', { name: 'Xoá hẳn sách này' }).click();
    await page.waitForURL(/\/quan-tri\/sach\?xoa=1$/);
    await page.getByText('Đã xoá sách.').waitFor();
    expect((await page.goto(`${baseURL}/sach/${CODE}`))?.status()).toBe(404);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });
});
