import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { adminToken } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'epub');

/**
 * Imported books as a reader sees them: the Japanese ruby readings above their letters, the
 * Arabic text right to left inside the Vietnamese page, on phones and a laptop without sideways
 * scroll. The books are imported through the administration's API and removed afterwards (other
 * files count the demo content).
 */
describe('imported books in the reader', () => {
  let browser: Browser;
  let token: string;
  const imported: number[] = [];

  const admin = async (method: string, url: string, body?: FormData) => {
    const res = await fetch(`${baseURL}/api/v1${url}`, { method, headers: { 'x-token': token }, body });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return ((await res.json()) as { data: unknown }).data;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken(baseURL, dataDir);
    const form = new FormData();
    for (const name of ['kusamakura-preview', 'regime-anticancer-arabic']) {
      const bytes = fs.readFileSync(path.join(FIXTURES, `${name}.epub`));
      form.append('files', new File([bytes], `${name}.epub`, { type: 'application/epub+zip' }));
    }
    const outcomes = (await admin('POST', '/admin/import', form)) as { status: string; path: string | null }[];
    expect(outcomes.map((o) => [o.status, o.path])).toEqual([
      ['added', '/sach/草枕'],
      ['added', '/sach/le-vrai-regime-anti-cancer'],
    ]);
    const books = (await admin('GET', '/admin/books?perPage=100')) as { items: { id: number; code: string }[] };
    for (const code of ['草枕', 'le-vrai-regime-anti-cancer'])
      imported.push(books.items.find((b) => b.code === code)!.id);
  });
  afterAll(async () => {
    for (const id of imported) await admin('DELETE', `/admin/book/${id}`);
    await browser.close();
  });

  for (const width of [320, 390, 1366]) {
    it(`shows ruby above its letters and Arabic right to left at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = watchPageErrors(page);

      await page.goto(`${baseURL}/${encodeURIComponent('草枕-2')}/${encodeURIComponent('草枕')}`, {
        waitUntil: 'networkidle',
      });
      const japanese = page.getByTestId('chapter-text');
      expect(await japanese.getAttribute('lang')).toBe('ja-JP');
      expect(await japanese.getAttribute('dir')).toBe('ltr');
      const ruby = japanese.locator('ruby').filter({ hasText: '山路' }).first();
      await ruby.scrollIntoViewIfNeeded();
      // The reading sits above its letters, smaller: a ruby, not text run together.
      const reading = await ruby.locator('rt').evaluate((rt) => {
        const r = rt.getBoundingClientRect();
        const base = rt.parentElement!.getBoundingClientRect();
        return { text: rt.textContent, above: r.bottom <= base.top + base.height / 2, smaller: r.height < base.height };
      });
      expect(reading).toEqual({ text: 'やまみち', above: true, smaller: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (width === 390) await screenshot(page, `imported-ruby-${width}`, { fullPage: false });

      await page.goto(`${baseURL}/le-vrai-regime-anti-cancer-1/le-vrai-regime-anti-cancer`, {
        waitUntil: 'networkidle',
      });
      expect(await page.locator('html').getAttribute('lang')).toBe('vi');
      const arabic = page.getByTestId('chapter-text');
      expect(await arabic.getAttribute('lang')).toBe('ar');
      expect(await arabic.getAttribute('dir')).toBe('rtl');
      // Right to left: the first paragraph's lines start at the right edge of the column.
      const alignment = await arabic
        .locator('p')
        .first()
        .evaluate((p) => {
          const range = document.createRange();
          range.selectNodeContents(p);
          const line = range.getClientRects()[0]!;
          const box = p.getBoundingClientRect();
          return { direction: getComputedStyle(p).direction, flushRight: Math.abs(box.right - line.right) < 2 };
        });
      expect(alignment).toEqual({ direction: 'rtl', flushRight: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (width === 390) await screenshot(page, `imported-arabic-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
