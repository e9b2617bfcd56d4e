import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bookForThisFile } from './support/site-books.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');
// The demo's Kinh Kim Cang where its Chinese, licence and source are what is tested.
const FIRST = '/kinh-kim-cang-1/kinh-kim-cang';
const CHAPTERS = ['Mở Đầu Thử', 'Thưa Hỏi Thử', 'Giảng Giải Thử', 'Ví Dụ Thử', 'Kết Thúc Thử'];

/** This test's own book of five chapters, for the ways between chapters. */
const book = bookForThisFile({
  title: 'Kinh Năm Chương',
  chapters: CHAPTERS.map((title) => ({ title, markdown: `Đây là chương ${title}.` })),
});

describe('chapter reader', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  const chapterPath = (n: number) => `/${book.chapters[n - 1]!.code}/${book.code}`;

  /** Waits until every part of the page is hydrated (`html[data-hydrated]`), so buttons answer clicks. */
  const hydrated = (page: Page) => waitForHydration(page);

  it('opens from the home page book card and shows the chapter', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.book-card', { hasText: 'Kinh Kim Cang' }).click();
    await page.waitForURL(`${baseURL}${FIRST}`);
    await page.locator('h1', { hasText: 'Pháp Hội Nhân Do' }).waitFor();
    expect(await page.locator('h1').innerText()).toContain('法會因由');
    expect(await page.locator('[data-testid="chapter-text"]').innerText()).toContain('Như thị ngã văn');
    expect(await page.title()).toBe('Pháp Hội Nhân Do — Kinh Kim Cang (phiên âm Hán-Việt) — Pháp Bảo');
    const crumbs = page.getByRole('navigation', { name: 'Đường dẫn' }).locator('li');
    expect(await crumbs.allInnerTexts()).toEqual(['Trang chủ', 'Kinh sách', 'Kinh Kim Cang (phiên âm Hán-Việt)']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leads to the next chapter, marks it in the contents and keeps the way back', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await page.locator('a[rel="prev"]').count()).toBe(0);
    const next = page.locator('a[rel="next"]');
    expect(await next.innerText()).toContain('Thưa Hỏi Thử');
    await next.click();
    await page.waitForURL(`${baseURL}${chapterPath(2)}`);
    await page.locator('h1', { hasText: 'Thưa Hỏi Thử' }).waitFor();
    expect(await page.title()).toMatch(/^Thưa Hỏi Thử — /);

    // The contents list all five chapters, the current one marked.
    const toc = page.locator('details.reader-toc');
    expect(await toc.getAttribute('open')).toBeNull();
    await toc.locator('summary').click();
    const entries = toc.locator('li a');
    expect(await entries.count()).toBe(5);
    expect(await toc.locator('a[aria-current="page"]').innerText()).toContain('Thưa Hỏi Thử');
    await toc.locator('li a', { hasText: 'Kết Thúc Thử' }).click();
    await page.waitForURL(`${baseURL}${chapterPath(5)}`);
    await page.locator('h1', { hasText: 'Kết Thúc Thử' }).waitFor();
    expect(await page.locator('a[rel="next"]').count()).toBe(0);
    expect(await page.locator('a[rel="prev"]').innerText()).toContain('Ví Dụ Thử');
    // A new chapter starts with the contents folded.
    expect(await page.locator('details.reader-toc').getAttribute('open')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('redirects a wrong book name to the canonical address with 301', async () => {
    const wrong = `/${book.chapters[0]!.code}/sai-ten-sach`;
    const res = await fetch(`${baseURL}${wrong}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, baseURL).pathname).toBe(book.firstChapterPath);

    const page = await browser.newPage();
    await page.goto(`${baseURL}${wrong}`);
    expect(new URL(page.url()).pathname).toBe(book.firstChapterPath);
    await page.locator('h1', { hasText: 'Mở Đầu Thử' }).waitFor();
    await page.close();
  });

  it('answers 404 for an unknown chapter', async () => {
    const page = await browser.newPage();
    for (const path of [`/${book.code}-999`, `/${book.code}-999/${book.code}`]) {
      const res = await page.goto(`${baseURL}${path}`);
      expect(res!.status(), path).toBe(404);
      expect(await page.locator('h1').innerText(), path).toBe('Không tìm thấy trang này');
      expect(await page.locator('.error-page').innerText(), path).toContain('This page could not be found');
    }
    await page.close();
  });

  it('is rendered on the server: text, contents and licence are there with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`${baseURL}${FIRST}`);
    expect(res!.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toContain('Pháp Hội Nhân Do');
    const text = page.locator('[data-testid="chapter-text"]');
    expect(await text.innerText()).toContain('Như thị ngã văn');
    expect(await text.locator('p#p-1').count()).toBe(1);
    expect(await page.locator('details.reader-toc li a').count()).toBe(32);
    const license = page.locator('[data-testid="chapter-license"]');
    expect(await license.innerText()).toContain('Bản phiên âm: Phan Tuấn Anh');
    expect(await license.getByRole('link', { name: /The Unlicense/ }).getAttribute('href')).toBe(
      'https://unlicense.org',
    );
    expect(await license.getByRole('link', { name: 'Nguồn' }).getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/phineas-pta\/kinh_nhat_tung\//,
    );
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toContain('Như thị ngã văn');
    // The next chapter is an ordinary link.
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(`${baseURL}/kinh-kim-cang-2/kinh-kim-cang`);
    expect(await page.locator('h1').innerText()).toContain('Thiện Hiện Khải Thỉnh');
    await context.close();
  });

  it('shows and hides the Classical Chinese beside each paragraph', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}${FIRST}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const han = page.locator('.reader-han');
    const paragraphs = await page.locator('.reader-vi p').count();
    expect(paragraphs).toBe(3);
    expect(await han.count()).toBe(paragraphs);
    expect(await han.first().isVisible()).toBe(false);

    // Shown, each paragraph's Chinese is aligned with it sentence by sentence (decision 0033).
    await page.getByRole('button', { name: 'Hiện chữ Hán' }).click();
    const hide = page.getByRole('button', { name: 'Ẩn chữ Hán' });
    await hide.waitFor();
    expect(await hide.getAttribute('aria-pressed')).toBe('true');
    const aligned = page.locator('.han-zh');
    await aligned.first().waitFor();
    expect(await aligned.count()).toBe(paragraphs);
    for (let i = 0; i < paragraphs; i++) expect(await aligned.nth(i).isVisible()).toBe(true);
    expect(await aligned.first().innerText()).toContain('如是我聞');
    // The ids stay unique: #p-1 is the Hán-Việt paragraph.
    expect(await page.locator('#p-1').count()).toBe(1);
    expect(await page.locator('#p-1').innerText()).toContain('Như thị ngã văn');

    // The choice holds on the next chapter and after a reload.
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(`${baseURL}/kinh-kim-cang-2/kinh-kim-cang`);
    await page.locator('h1', { hasText: 'Thiện Hiện Khải Thỉnh' }).waitFor();
    await page.locator('.han-zh').first().waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Ẩn chữ Hán' }).waitFor();
    await page.locator('.han-zh').first().waitFor();

    await page.getByRole('button', { name: 'Ẩn chữ Hán' }).click();
    await page.getByRole('button', { name: 'Hiện chữ Hán' }).waitFor();
    expect(await page.locator('.han-zh').count()).toBe(0);
    expect(await page.locator('.reader-han').first().isVisible()).toBe(false);
    await page.close();
  });

  it('looks right on a phone and on a desktop, without page errors', async () => {
    for (const [name, viewport] of [
      ['chapter-390x844', { width: 390, height: 844 }],
      ['chapter-1440x900', { width: 1440, height: 900 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}/kinh-kim-cang-2/kinh-kim-cang`, { waitUntil: 'networkidle' });
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready);
      // The reading column stays within the screen and near 68 characters.
      const box = (await page.locator('[data-testid="chapter-text"]').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(16);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width - 16);
      expect(box.width).toBeLessThanOrEqual(760);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await screenshot(page, name);

      await page.getByRole('button', { name: 'Hiện chữ Hán' }).click();
      await page.getByRole('button', { name: 'Ẩn chữ Hán' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await screenshot(page, `${name}-han`);
      await page.getByRole('button', { name: 'Ẩn chữ Hán' }).click();

      await page.locator('details.reader-toc summary').click();
      await page.locator('.reader-toc-list').waitFor();
      await screenshot(page, `${name}-toc`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
