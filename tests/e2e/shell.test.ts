import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('answers unknown pages with status 404, the spec sentence and a link home', async () => {
    const page = await browser.newPage();
    for (const path of ['/404', '/trang-khong-ton-tai', '/mot/hai/ba/bon', '/profile/khong-co']) {
      const res = await page.goto(`${baseURL}${path}`);
      expect(res!.status(), path).toBe(404);
      expect(await page.locator('h1').innerText(), path).toBe('Không tìm thấy trang này');
      expect(await page.locator('.error-page').innerText(), path).toContain('This page could not be found');
      expect(await page.title(), path).toBe('Không tìm thấy trang này — Pháp Bảo');
      const home = page.getByRole('link', { name: 'Về trang chủ' });
      expect(await home.getAttribute('href')).toBe('/');
    }
    await screenshot(page, 'not-found-1440');
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.close();
  });

  it('shows the bottom bar at 1024 px wide and not at 1280 px', async () => {
    const narrow = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    await narrow.goto(baseURL);
    const bar = narrow.locator('nav.bottom-bar');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.locator('a').allInnerTexts()).toEqual([
      'Trang chủ',
      'Tìm kiếm',
      'Thư viện',
      'Video',
      'Trích dẫn',
      'Tài khoản',
    ]);
    expect(await narrow.locator('header.mobile-header').isVisible()).toBe(true);
    expect(await narrow.locator('header.site-header').isVisible()).toBe(false);
    await narrow.close();

    const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await wide.goto(baseURL);
    expect(await wide.locator('nav.bottom-bar').isVisible()).toBe(false);
    expect(await wide.locator('header.mobile-header').isVisible()).toBe(false);
    expect(await wide.locator('header.site-header').isVisible()).toBe(true);
    await wide.close();
  });

  it('closes the mobile menu after a navigation', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    expect(await menu.isVisible()).toBe(true);
    await screenshot(page, 'mobile-menu-390');
    await menu.getByRole('link', { name: 'Tin tức' }).click();
    await page.waitForURL(`${baseURL}/tin-tuc`);
    await menu.waitFor({ state: 'hidden' });
    expect(await menu.isVisible()).toBe(false);
    expect(await page.locator('h1').innerText()).toBe('Tin tức');
    await page.close();
  });

  it('has the main menu of the spec with real counts as badges', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Menu chính' });
    expect(await nav.locator('.nav-list > li > .nav-item').allInnerTexts()).toEqual([
      'Tìm kiếm',
      'Thư viện',
      'Trích dẫn',
      'Tin tức',
      'Giới thiệu',
    ]);
    await nav.getByRole('button', { name: 'Thư viện' }).click();
    const library = nav.locator('.nav-group').first().locator('.nav-dropdown-item');
    expect(await library.locator('span:first-child').allTextContents()).toEqual([
      'Sách',
      'Pháp âm',
      'Video',
      'Tổng hợp',
      'Tìm kiếm nhiều',
      'Từ điển Phật học',
      'Lịch sử đọc',
    ]);
    // Badges are counts from the database: 9 demo books, 8 demo talks, 3 demo compilations.
    expect(await library.nth(0).locator('.menu-badge').textContent()).toBe('9');
    expect(await library.nth(1).locator('.menu-badge').textContent()).toBe('8');
    expect(await library.nth(3).locator('.menu-badge').textContent()).toBe('3');
    // Pages that are not a kind of content carry none.
    for (const n of [4, 5, 6]) expect(await library.nth(n).locator('.menu-badge').count()).toBe(0);
    expect(await library.nth(0).getAttribute('href')).toBe('/thu-vien?loai=book&size=50&page=1');
    expect(await library.nth(1).getAttribute('href')).toBe('/thu-vien?loai=phap-am&page=1&size=10');
    expect(await library.nth(5).getAttribute('href')).toBe('https://tudien.example.org/');
    expect(await library.nth(5).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'menu-library-1440');
    const about = nav.locator('.nav-group').nth(1).locator('.nav-dropdown-item');
    expect((await about.allTextContents()).map((t) => t.trim())).toEqual([
      'Thư ngỏ',
      'Trang nhà tu viện',
      'Hướng dẫn sử dụng',
    ]);
    // Logged out: login and register links.
    expect(await page.locator('.header-actions').getByRole('link', { name: 'Đăng nhập' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(await page.locator('.header-actions').getByRole('link', { name: 'Đăng ký' }).getAttribute('href')).toBe(
      '/register',
    );
    await page.close();
  });

  it('shows the footer contact details, links and the translators’ form posting to the configured service', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(baseURL);
    const footer = page.locator('footer.site-footer');
    expect(await footer.getByRole('link', { name: 'lienhe@phapbao.example.org' }).getAttribute('href')).toBe(
      'mailto:lienhe@phapbao.example.org',
    );
    expect(await footer.getByText('Thủ Đức, Thành phố Hồ Chí Minh').count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      'https://facebook.com/phapbao.example',
    );
    expect(await footer.getByRole('link', { name: 'Góp ý' }).getAttribute('href')).toMatch(/^mailto:lienhe@/);
    expect(await footer.getByRole('link', { name: 'Báo lỗi' }).getAttribute('href')).toMatch(/^mailto:lienhe@/);
    const form = footer.locator('form.translator-form');
    expect(await form.getAttribute('action')).toBe('https://forms.example.org/tinh-nguyen-vien');
    expect(await form.getAttribute('method')).toBe('post');
    await page.close();
  });

  it('uses the profile layout with its left menu, and the note-group sidebar image only on desktop', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/profile/reading-history`);
    const menu = page.getByRole('navigation', { name: 'Trang cá nhân' });
    // Logged out: personal collections are not offered; history is shown to everyone.
    expect(await menu.locator('a').allInnerTexts()).toEqual(['Tài khoản', 'Lịch sử đọc']);
    await loginAs(context, baseURL);
    await page.reload();
    expect(await menu.locator('a').allInnerTexts()).toEqual([
      'Tài khoản',
      'Lịch sử đọc',
      'Danh sách phát',
      'Nhóm ghi chú',
      'Sách đã lưu',
      'Xuất, nhập ghi chú',
      'Tìm kiếm đã lưu',
      'Góp ý sửa lỗi của tôi',
    ]);
    await page.goto(`${baseURL}/profile/note-group`);
    expect(await page.getByTestId('note-group-sidebar').isVisible()).toBe(true);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await page.getByTestId('note-group-sidebar').isVisible()).toBe(false);
    await context.close();
  });

  it('gives the open letter its own header style', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}/bai-viet/thu-ngo`);
    expect(await page.locator('header.site-header').getAttribute('data-variant')).toBe('letter');
    await page.goto(`${baseURL}/bai-viet/huong-dan`);
    expect(await page.locator('header.site-header').getAttribute('data-variant')).toBeNull();
    await page.close();
  });

  it('flags when the browser goes offline and offers a way back to the top of long pages', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('offline-flag').count()).toBe(0);
    await context.setOffline(true);
    await page.getByTestId('offline-flag').waitFor();
    expect(await page.getByTestId('offline-flag').innerText()).toContain('ngoại tuyến');
    await context.setOffline(false);
    await page.getByTestId('offline-flag').waitFor({ state: 'detached' });
    await page.getByText('Đã kết nối mạng trở lại.').waitFor();

    const toTop = page.getByRole('button', { name: 'Lên đầu trang' });
    expect(await toTop.getAttribute('data-visible')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.waitForFunction(() => document.querySelector('.scroll-to-top')?.hasAttribute('data-visible'));
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('shows the loading bar only for navigations slower than 200 ms', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}/tin-tuc`, { waitUntil: 'networkidle' });
    const phase = () => page.locator('.loading-bar').getAttribute('data-phase');
    expect(await phase()).toBe('idle');
    // Slow down the data request of the next client-side navigation (the home page's loader).
    await page.route('**/*.data*', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.locator('header.site-header .brand').click();
    // Not at once: the bar waits 200 ms before it shows.
    expect(await phase()).toBe('idle');
    await page.waitForFunction(() => document.querySelector('.loading-bar')?.getAttribute('data-phase') === 'rising');
    await page.waitForURL(`${baseURL}/`);
    await page.waitForFunction(() => document.querySelector('.loading-bar')?.getAttribute('data-phase') === 'idle');
    await page.close();
  });

  it('serves hashed assets with a year-long immutable cache and pages with a CSP nonce on their scripts', async () => {
    const res = await fetch(baseURL);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);

    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await fetch(`${baseURL}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(assetRes.headers.get('content-type')).toMatch(/javascript/);

    const missing = await fetch(`${baseURL}/assets/khong-co-abc123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/plain/);
  });
});
