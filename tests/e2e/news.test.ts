import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');
const DEMO_DIR = path.resolve(import.meta.dirname, '..', '..', 'data', 'demo');
const plan = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'categories.json'), 'utf8')) as {
  categories: { slug: string; name: string }[];
  articles: Record<string, string>;
};
const compilations = (
  JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'compilations.json'), 'utf8')) as {
    compilations: { title: string }[];
  }
).compilations;

async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('news, articles, compilations and notices', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('goes from the news feed to an article and on to its category', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    const res = await page.goto(`${baseURL}/tin-tuc`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Tin tức', exact: true }).waitFor();
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe(
      '/tin-tuc/rss',
    );
    const chips = page.locator('.news-categories .chip');
    expect(await chips.count()).toBe(plan.categories.length + 1);
    expect(await chips.first().getAttribute('aria-current')).toBe('page');
    const cards = page.locator('.news-grid .article-card');
    expect(await cards.count()).toBe(10);
    await screenshot(page, 'news-feed-1280');

    // The second page of the feed.
    await page.getByRole('link', { name: 'Trang sau' }).click();
    await page.waitForURL(/\/tin-tuc\?page=2$/);
    await page.locator('.pagination-status', { hasText: 'Trang 2 /' }).waitFor();

    // An article.
    const card = page.locator('.news-grid .article-card').first();
    const title = await card.locator('.article-card-title').innerText();
    await card.click();
    await page.waitForURL(/\/tin-tuc\/[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('.news-article-meta').innerText()).toMatch(
      /ngày \d{1,2} tháng \d{1,2} năm \d{4}.*\d+ phút đọc/,
    );
    expect(await page.locator('.news-article-body p#p-1').count()).toBe(1);
    expect(await page.locator('.news-article-body script').count()).toBe(0);
    const attribution = page.locator('.news-attribution');
    expect(await attribution.innerText()).toMatch(/Tác giả\s+Các tác giả Wikipedia tiếng Việt/);
    expect(await attribution.locator('a[rel~="license"]').innerText()).toBe('CC BY-SA 3.0');
    expect(await attribution.locator('a', { hasText: 'Bản gốc' }).getAttribute('href')).toMatch(
      /^https:\/\/vi\.wikipedia\.org\//,
    );
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      '@type': string;
      headline: string;
      datePublished: string;
    };
    expect(jsonLd['@type']).toBe('Article');
    expect(jsonLd.headline).toBe(title);
    expect(await page.locator('.news-related .article-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'news-article-1280');

    // Its category, from the breadcrumb.
    const categoryLink = page.locator('.news-breadcrumb a').nth(1);
    const categoryName = await categoryLink.innerText();
    await categoryLink.click();
    await page.waitForURL(/\/tin-tuc\/danh-muc\/[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name: categoryName }).waitFor();
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const expected = Object.values(plan.articles).filter((c) => c === slug).length;
    expect(await page.locator('.news-count').innerText()).toBe(`${expected} bài viết`);
    expect(await page.locator('.news-categories .chip[aria-current="page"]').innerText()).toContain(categoryName);
    expect(await page.locator('.news-grid .article-card').count()).toBe(Math.min(expected, 10));
    await screenshot(page, 'news-category-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads well on a phone, and answers unknown articles and categories with the 404 page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/tin-tuc`, { waitUntil: 'networkidle' });
    await expectNoSideScroll(page, 390);
    await screenshot(page, 'news-feed-390');
    await page.goto(`${baseURL}/tin-tuc/vu-lan`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Vu-lan' }).waitFor();
    await expectNoSideScroll(page, 390);
    await screenshot(page, 'news-article-390');
    expect(errors).toEqual([]);

    for (const address of ['/tin-tuc/khong-co-bai-nay', '/tin-tuc/danh-muc/khong-co-chuyen-muc', '/tong-hop/999999']) {
      const res = await page.goto(`${baseURL}${address}`);
      expect(res?.status(), address).toBe(404);
      await page.locator('.error-page').waitFor();
    }
    await page.close();
  });

  it('serves the news as RSS 2.0 with absolute links', async () => {
    const page = await browser.newPage();
    const res = await page.request.get(`${baseURL}/tin-tuc/rss`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/rss+xml');
    const text = await res.text();
    await page.goto(`${baseURL}/noi-dung-dang-kiem-duyet`);
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        version: doc.documentElement.getAttribute('version'),
        self: doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]?.getAttribute('href') ?? null,
        links: [...doc.querySelectorAll('item > link')].map((l) => l.textContent ?? ''),
        dates: [...doc.querySelectorAll('item > pubDate')].map((d) => d.textContent ?? ''),
      };
    }, text);
    expect(parsed.error).toBeNull();
    expect(parsed.version).toBe('2.0');
    expect(parsed.self).toBe(`${baseURL}/tin-tuc/rss`);
    expect(parsed.links.length).toBeGreaterThan(0);
    for (const link of parsed.links) expect(link).toMatch(new RegExp(`^${baseURL}/tin-tuc/[a-z0-9-]+$`));
    for (const date of parsed.dates)
      expect(date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    await page.close();
  });

  it('sets the open letter in its own header style, and shows the guide', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/bai-viet/huong-dan`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Hướng dẫn sử dụng thư viện' }).waitFor();
    expect(await page.locator('.site-header').getAttribute('data-variant')).toBeNull();
    const plainHeader = await page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundImage);
    for (const heading of [
      'Tìm kiếm',
      'Đánh dấu và ghi chú',
      'Nhóm ghi chú',
      'Nghe pháp âm',
      'Danh sách phát',
      'Tài khoản',
    ]) {
      expect(await page.locator('.guide-section h2', { hasText: heading }).count(), heading).toBeGreaterThan(0);
    }
    await screenshot(page, 'guide-1280');

    await page.goto(`${baseURL}/bai-viet/thu-ngo`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Thư ngỏ gửi bạn đọc' }).waitFor();
    const header = page.locator('.site-header');
    expect(await header.getAttribute('data-variant')).toBe('letter');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundImage)).not.toBe(plainHeader);
    expect(await page.locator('.letter-hero .letter-seal').isVisible()).toBe(true);
    expect(await page.locator('.letter-signature').innerText()).toContain('Pháp Bảo');
    await screenshot(page, 'letter-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('.mobile-header').getAttribute('data-variant')).toBe('letter');
    await expectNoSideScroll(page, 390);
    await screenshot(page, 'letter-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists the compilations and opens their items: an article, a talk, a book', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/tong-hop`, { waitUntil: 'networkidle' });
    const cards = page.locator('.compilation-card');
    expect(await cards.locator('.compilation-card-title').allInnerTexts()).toEqual(compilations.map((c) => c.title));
    await screenshot(page, 'compilations-1280');

    await cards.nth(1).click();
    await page.waitForURL(/\/tong-hop\/\d+$/);
    const compilationUrl = page.url();
    await page.getByRole('heading', { level: 1, name: compilations[1]!.title }).waitFor();
    const items = page.locator('.compilation-item');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'compilation-1280');

    const open = async (type: string, url: RegExp) => {
      const item = page.locator(`.compilation-item[data-type="${type}"]`).first();
      const title = await item.locator('.compilation-item-title').innerText();
      await item.locator('a').click();
      await page.waitForURL(url);
      await page.locator('h1, #talk-title', { hasText: title }).first().waitFor();
      await page.goto(compilationUrl, { waitUntil: 'networkidle' });
    };
    await open('article', /\/tin-tuc\/[a-z0-9-]+$/);
    await open('talk', /\/phap-am\/\d+\?nghe=\d+$/);
    await open('book', /\/sach\/[a-z0-9-]+$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSideScroll(page, 390);
    await screenshot(page, 'compilation-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('explains content under moderation kindly, with status 200', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchPageErrors(page);
    const res = await page.goto(`${baseURL}/noi-dung-dang-kiem-duyet`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Nội dung này đang được kiểm duyệt' }).waitFor();
    expect(await page.locator('.moderation-points h2').allInnerTexts()).toEqual([
      'Kiểm duyệt là gì?',
      'Vì sao tôi chưa xem được?',
      'Nếu tôi là người chia sẻ?',
    ]);
    expect(await page.getByRole('link', { name: 'Về trang chủ' }).getAttribute('href')).toBe('/');
    await expectNoSideScroll(page, 390);
    await screenshot(page, 'moderation-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens an article search hit at the paragraph it found', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseURL}/search?query=${encodeURIComponent('bà Thanh Đề')}&type=article`, {
      waitUntil: 'networkidle',
    });
    await waitForHydration(page);
    const passage = page.locator('.search-result[data-type="article"] .search-passage').first();
    await passage.click();
    await page.waitForURL(/\/tin-tuc\/vu-lan#p-\d+$/);
    const id = new URL(page.url()).hash.slice(1);
    expect(await page.locator(`.news-article-body p[id="${id}"]`).innerText()).toContain('Thanh Đề');
    await page.close();
  });
});
