import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');

describe('library and book pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens from the main menu, filters without diacritics, and leads to a book and its first chapter', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Menu chính' });
    await nav.getByRole('button', { name: 'Thư viện' }).click();
    await nav.locator('.nav-dropdown-item', { hasText: 'Sách' }).first().click();
    await page.waitForURL(`${baseURL}/thu-vien?loai=book&size=50&page=1`);
    await page.locator('h1', { hasText: 'Kinh sách' }).waitFor();
    expect(await page.locator('.library-books .book-card').count()).toBe(9);
    expect(await page.getByTestId('library-count').innerText()).toBe('9 cuốn sách');
    const tabs = page.getByRole('navigation', { name: 'Loại nội dung' }).getByRole('link');
    expect(await tabs.allInnerTexts()).toEqual(['Sách', 'Pháp âm']);
    expect(await tabs.nth(0).getAttribute('aria-current')).toBe('page');
    // A single page of results: no pagination.
    expect(await page.getByRole('navigation', { name: 'Phân trang' }).count()).toBe(0);

    // One name field: the name without diacritics finds the title with them.
    expect(
      await page.locator('.library-filters input[type="search"], .library-filters input[type="text"]').count(),
    ).toBe(
      2, // the name and the date
    );
    expect(await page.locator('#lib-ten').count()).toBe(0);
    await page.getByLabel('Tên sách, tác giả').fill('a di da');
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await page.waitForURL(/tim=a\+di\+da/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ loai: 'book', page: '1', size: '50', tim: 'a di da' });
    await page.getByTestId('library-count').filter({ hasText: 'Tìm thấy 1 cuốn sách' }).waitFor();
    const cards = page.locator('.library-books .book-card');
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('Kinh A-di-đà (phiên âm Hán-Việt)');

    // The same field finds a book by its description (no title holds the words).
    await page.getByLabel('Tên sách, tác giả').fill('kim cuong');
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await page.waitForURL(/tim=kim\+cuong/);
    await page.getByTestId('library-count').filter({ hasText: 'Tìm thấy 1 cuốn sách' }).waitFor();
    // An address of before with the name field (ten=) opens the one field with its words.
    await page.goto(`${baseURL}/thu-vien?loai=book&page=1&size=50&ten=kim+cang`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${baseURL}/thu-vien?loai=book&page=1&size=50&tim=kim+cang`);
    expect(await page.getByLabel('Tên sách, tác giả').inputValue()).toBe('kim cang');
    await page.getByTestId('library-count').filter({ hasText: 'Tìm thấy 1 cuốn sách' }).waitFor();
    expect(await cards.first().innerText()).toContain('Kinh Kim Cang');

    // No match: an honest message and a way back.
    await page.getByLabel('Tên sách, tác giả').fill('khong co sach nay');
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await page.getByText('Không tìm thấy sách phù hợp.').waitFor();
    await page.getByTestId('library-empty').getByRole('link', { name: 'Xoá bộ lọc' }).click();
    await page.waitForURL(`${baseURL}/thu-vien?loai=book&page=1&size=50`);
    await page.getByTestId('library-count').filter({ hasText: '9 cuốn sách' }).waitFor();

    // The book page, then its first chapter.
    await page.locator('.book-card', { hasText: 'Kinh Kim Cang' }).click();
    await page.waitForURL(`${baseURL}/sach/kinh-kim-cang`);
    await page.locator('h1', { hasText: 'Kinh Kim Cang (phiên âm Hán-Việt)' }).waitFor();
    expect(await page.getByText('金剛般若波羅蜜多經').count()).toBeGreaterThan(0);
    const toc = page.locator('.book-toc-list a');
    expect(await toc.count()).toBe(32);
    expect(await toc.nth(1).getAttribute('href')).toBe('/kinh-kim-cang-2/kinh-kim-cang');
    await page.getByRole('link', { name: 'Đọc từ đầu' }).click();
    await page.waitForURL(`${baseURL}/kinh-kim-cang-1/kinh-kim-cang`);
    await page.locator('h1', { hasText: 'Pháp Hội Nhân Do' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [width, height] of [
    [320, 568],
    [390, 844],
  ] as const) {
    it(`at ${width} px shows books on the first screen, the filters behind "Lọc", one name field, dates as dd/mm/yyyy`, async () => {
      const page = await browser.newPage({ viewport: { width, height } });
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}/thu-vien?loai=book&page=1&size=50`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready);
      // The first book, its cover and title whole, before the fold; the filter form folded away.
      const card = (await page.locator('.library-books .book-card').first().boundingBox())!;
      const bottomBar = (await page.locator('.bottom-bar').boundingBox())!;
      expect(card.y + Math.min(card.height, 120)).toBeLessThanOrEqual(bottomBar.y);
      const toggle = page.locator('summary.library-filter-toggle');
      expect(await toggle.innerText()).toMatch(/^Lọc/);
      expect((await toggle.boundingBox())!.y).toBeLessThan(card.y);
      expect(await page.locator('#lib-tim').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // The first screen as the reader sees it.
      await page.screenshot({ path: `${SCREENSHOT_DIR}/library-phone-${width}.png` });

      // Opened: one name field (the spec's old second field is gone) and a date typed day first.
      await toggle.click();
      await page.locator('#lib-tim').waitFor();
      expect(await page.locator('.library-filters input[type="search"]').count()).toBe(1);
      expect(await page.locator('input[name="ten"]').count()).toBe(0);
      const date = page.locator('#lib-ngay');
      expect(await date.getAttribute('type')).toBe('text');
      expect(await date.getAttribute('placeholder')).toBe('ngày/tháng/năm');
      const field = (await page.locator('.library-filters').boundingBox())!;
      expect(field.x + field.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/library-phone-filters-${width}.png` });
      await date.fill('01/01/2999');
      await page.getByRole('button', { name: 'Áp dụng', exact: true }).click();
      await page.waitForURL(/ngay=01%2F01%2F2999/);
      await page.getByText('Không tìm thấy sách phù hợp.').waitFor();
      // The filter in use keeps the box open, counts itself on the button, and shows the date as typed.
      expect(await page.locator('.library-filter-box').getAttribute('open')).not.toBeNull();
      expect(await toggle.innerText()).toMatch(/^Lọc \(1\)/);
      expect(await date.inputValue()).toBe('01/01/2999');
      // Addresses of before (yyyy-mm-dd) still work, shown day first.
      await page.goto(`${baseURL}/thu-vien?loai=book&page=1&size=50&ngay=2000-01-01`, { waitUntil: 'networkidle' });
      await page.getByTestId('library-count').filter({ hasText: 'Tìm thấy 9 cuốn sách' }).waitFor();
      expect(await date.inputValue()).toBe('01/01/2000');
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('pages through the books and shows the talks library', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}/thu-vien?loai=book&size=4&page=1`);
    await waitForHydration(page);
    const pager = page.getByRole('navigation', { name: 'Phân trang' });
    expect(await pager.locator('.pagination-status').innerText()).toBe('Trang 1 / 3');
    expect(await page.locator('.library-books .book-card').count()).toBe(4);
    await pager.getByRole('link', { name: 'Trang sau' }).click();
    await page.waitForURL(/page=2/);
    await pager.locator('.pagination-status', { hasText: 'Trang 2 / 3' }).waitFor();
    await pager.getByRole('link', { name: 'Trang trước' }).waitFor();

    // Bad parameters fall back to the defaults instead of an error.
    const bad = await page.goto(`${baseURL}/thu-vien?loai=book&page=abc&size=1000`);
    expect(bad!.status()).toBe(200);
    expect(await page.locator('.library-books .book-card').count()).toBe(9);

    const res = await page.goto(`${baseURL}/thu-vien?loai=phap-am&page=1&size=10`);
    expect(res!.status()).toBe(200);
    await page.locator('h1', { hasText: 'Pháp âm' }).waitFor();
    // The 8 demo talks, each linking to its collection.
    await page.locator('.library-talk').first().waitFor();
    expect(await page.locator('.library-talk').count()).toBe(8);
    expect(await page.locator('.library-talk').first().getAttribute('href')).toMatch(/^\/phap-am\/\d+/);
    expect(await page.locator('#lib-phut').count()).toBe(1);
    const tabs = page.getByRole('navigation', { name: 'Loại nội dung' }).getByRole('link');
    expect(await tabs.nth(1).getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('lists every book on /sach, and answers 404 for an unknown book', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}/sach`);
    const cards = page.locator('.book-card');
    expect(await cards.count()).toBe(9);
    expect(await page.locator('a[href="/sach/kinh-kim-cang"]').innerText()).toContain('32 chương');

    const res = await page.goto(`${baseURL}/sach/khong-co`);
    expect(res!.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Không tìm thấy trang này');
    expect(await page.locator('.error-page').innerText()).toContain('This page could not be found');

    // Open Graph for a book.
    const html = await (await fetch(`${baseURL}/sach/kinh-kim-cang`)).text();
    expect(html).toContain('<meta property="og:type" content="book"/>');
    expect(html).toContain('<meta property="og:title" content="Kinh Kim Cang (phiên âm Hán-Việt)"/>');
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
    await page.close();
  });

  it('looks right on a phone and on a desktop, without page errors', async () => {
    for (const [name, viewport] of [
      ['390x844', { width: 390, height: 844 }],
      ['1440x900', { width: 1440, height: 900 }],
    ] as const) {
      for (const [page_, path] of [
        ['library', '/thu-vien?loai=book&size=50&page=1'],
        ['library-talks', '/thu-vien?loai=phap-am&page=1&size=10'],
        ['book', '/sach/kinh-kim-cang'],
        ['books', '/sach'],
      ] as const) {
        const page = await browser.newPage({ viewport });
        const errors = watchPageErrors(page);
        await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page_} ${name}`).toBeLessThanOrEqual(
          viewport.width,
        );
        await screenshot(page, `${page_}-${name}`);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });
});
