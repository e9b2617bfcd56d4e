import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { parseCsv, parseWebAnnotations } from '#server/export/annotations.ts';
import { bookForThisFile } from './support/site-books.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

const api = (token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${baseURL}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-token': token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(width);
}

/** This test's own book, the notes in its first chapter. */
const book = bookForThisFile({
  title: 'Kinh Mang Theo',
  chapters: [
    {
      title: 'Lời dặn',
      markdown: 'Các thầy Tỳ-kheo, sau khi ta diệt độ, hãy giữ giới như người nghèo được của báu.',
    },
  ],
});

/**
 * Taking one's notes away and bringing them back (/profile/note-export), and the book page's
 * "Tải EPUB", at phone and desktop widths (docs/decisions/0032-take-it-with-you.md).
 */
describe('notes and books to take away', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px: downloads the yellow notes as CSV, then brings them back once, not twice`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        acceptDownloads: true,
      });
      const reader = await loginAs(context, baseURL);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const note = (exact: string, color: string, body?: string) =>
        api(reader.token, '/notes', {
          method: 'POST',
          body: {
            bookCode: book.code,
            chapterCode: book.chapters[0]!.code,
            anchor: { paragraph: 'p-1', start: 0, end: exact.length, exact, prefix: '', suffix: '' },
            color,
            content: exact,
            ...(body ? { body } : {}),
          },
        });
      for (const [exact, color, body] of [
        ['Các thầy Tỳ-kheo', 'yellow', 'Lời dặn cuối cùng, nhớ mãi.'],
        ['giữ giới', 'yellow'],
        ['như người nghèo được của báu', 'red'],
      ] as const) {
        expect((await note(exact, color, body)).status).toBe(201);
      }

      await page.goto(`${baseURL}/profile/note-export`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await expect(page.getByRole('heading', { name: 'Xuất, nhập ghi chú', level: 1 }).isVisible()).resolves.toBe(true);
      await noSidewaysScroll(page, width);
      await screenshot(page, `note-export-${width}`);

      await page.getByLabel('CSV').check();
      await page.getByLabel('Vàng').check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Tải tệp' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^ghi-chu-phap-bao-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await download.path();
      const csv = fs.readFileSync(file, 'utf8');
      const notes = parseCsv(csv);
      expect(notes.map((n) => [n.color, n.content, n.body]).sort()).toEqual(
        [
          ['yellow', 'Các thầy Tỳ-kheo', 'Lời dặn cuối cùng, nhớ mãi.'],
          ['yellow', 'giữ giới', null],
        ].sort(),
      );

      // JSON-LD of every colour, from the same form.
      await page.getByLabel('JSON-LD').check();
      await page.getByLabel('Vàng').uncheck();
      const [jsonld] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Tải tệp' }).click(),
      ]);
      expect(parseWebAnnotations(fs.readFileSync(await jsonld.path(), 'utf8'))).toHaveLength(3);

      // Gone from the account, then back from the file; a second time adds nothing.
      const listed = (await (await api(reader.token, `/book/${book.code}/my_notes?perPage=50`)).json()) as {
        data: { items: { id: number; color: string }[] };
      };
      for (const n of listed.data.items.filter((i) => i.color === 'yellow')) {
        expect((await api(reader.token, `/note/${n.id}`, { method: 'DELETE' })).status).toBe(200);
      }
      const upload = async () => {
        await page
          .locator('#note-import-file')
          .setInputFiles({ name: 'ghi-chu.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await expect(page.getByTestId('note-import-file-chosen').textContent()).resolves.toBe('ghi-chu.csv');
        await page.getByRole('button', { name: 'Nhập ghi chú' }).click();
        await page.getByTestId('import-result').waitFor();
        return page.getByTestId('import-result').textContent();
      };
      expect(await upload()).toBe('Đã thêm 2 ghi chú.');
      await noSidewaysScroll(page, width);
      await screenshot(page, `note-export-imported-${width}`);
      await page.goto(`${baseURL}/profile/note-export`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      expect(await upload()).toBe('Đã thêm 0 ghi chú, bỏ qua 2 ghi chú đã có.');
      const after = (await (await api(reader.token, `/book/${book.code}/my_notes?perPage=50`)).json()) as {
        data: { total: number };
      };
      expect(after.data.total).toBe(3);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`at ${width} px: "Tải EPUB" on the book page downloads the book as EPUB`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await page.goto(`${baseURL}/sach/${book.code}`, { waitUntil: 'networkidle' });
      await noSidewaysScroll(page, width);
      await screenshot(page, `book-epub-${width}`, { fullPage: false });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Tải EPUB' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${book.code}.epub`);
      const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
      expect(strFromU8(entries.mimetype!)).toBe('application/epub+zip');
      expect(strFromU8(entries['OEBPS/sach.opf']!)).toContain('<dc:language>');
      await context.close();
    });
  }
});
