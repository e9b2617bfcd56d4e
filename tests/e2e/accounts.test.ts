import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VALIDATION_MESSAGES } from '#common/messages.ts';
import { newReader } from '../factories/reader.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

async function headerLinks(page: Page) {
  return (await page.locator('header.site-header .header-actions').innerText()).replace(/\s+/g, ' ').trim();
}

/** Waits until the header's account area says `text` (client-side navigations render a moment after the URL changes). */
async function waitForHeader(page: Page, text: string) {
  await page.waitForFunction(
    (t) => document.querySelector('header.site-header .header-actions')?.textContent?.includes(t),
    text,
  );
}

describe('accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('signs up, lands on home logged in, keeps the session on reload, and logs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const reader = newReader();
    await page.goto(`${baseURL}/register`, { waitUntil: 'networkidle' });
    await waitForHydration(page);

    // Rules are checked eagerly, with the spec's messages and an invalid style.
    const username = page.locator('.auth-form').getByLabel('Tài khoản');
    await username.fill('abc');
    await page.getByText(VALIDATION_MESSAGES.username).waitFor();
    expect(await page.locator('.field.is-invalid').count()).toBe(1);
    await page.locator('.auth-form').getByLabel('Email').fill('khong-phai-email');
    await page.getByText(VALIDATION_MESSAGES.email).waitFor();
    await page.locator('.auth-form').getByLabel('Mật khẩu', { exact: true }).fill('123');
    await page.getByText(VALIDATION_MESSAGES.password).waitFor();
    await page.locator('.auth-form').getByLabel('Nhập lại mật khẩu').fill('1234');
    await page.getByText(VALIDATION_MESSAGES.confirmPassword).waitFor();
    await screenshot(page, 'register-invalid-1440');

    await username.fill(reader.username);
    await page.locator('.auth-form').getByLabel('Email').fill(reader.email);
    await page.locator('.auth-form').getByLabel('Mật khẩu', { exact: true }).fill(reader.password);
    await page.locator('.auth-form').getByLabel('Nhập lại mật khẩu').fill(reader.password);
    expect(await page.locator('.field.is-invalid').count()).toBe(0);
    await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
    await page.waitForURL(`${baseURL}/`);
    await waitForHeader(page, 'Đăng xuất');

    expect(await headerLinks(page)).toBe(`${reader.username.charAt(0).toUpperCase()} ${reader.username} Đăng xuất`);
    const cookie = (await context.cookies()).find((c) => c.name === 'pb_token')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(31_536_000 - 120);

    // The server itself knows the reader: the first HTML already has the account link.
    const html = await (await context.request.get(`${baseURL}/`)).text();
    expect(html).toContain('Đăng xuất');
    await page.reload();
    expect(await headerLinks(page)).toContain('Đăng xuất');

    await page.locator('header.site-header').getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForFunction(() => document.querySelector('.header-actions')?.textContent?.includes('Đăng nhập'));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await headerLinks(page)).toBe('Đăng nhập Đăng ký');
    expect((await context.cookies()).find((c) => c.name === 'pb_token')).toBeUndefined();
    // The token itself is revoked, not just forgotten by the browser.
    const me = await fetch(`${baseURL}/api/v1/me`, { headers: { 'x-token': cookie.value } });
    expect(me.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends anonymous readers of personal pages to login, and back after it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const reader = newReader();
    await fetch(`${baseURL}/api/v1/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
    });
    await page.goto(`${baseURL}/profile/playlist`);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/profile/playlist');
    await screenshot(page, 'login-390');
    await page.locator('.auth-form').getByLabel('Tài khoản hoặc email').fill(reader.email);
    await page.locator('.auth-form').getByLabel('Mật khẩu').fill('sai-mat-khau');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByText('Tài khoản hoặc mật khẩu không đúng.').waitFor();
    await page.locator('.auth-form').getByLabel('Mật khẩu').fill(reader.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(`${baseURL}/profile/playlist`);
    await page.locator('h1', { hasText: 'Danh sách phát' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Trang cá nhân' }).locator('a').count()).toBe(8);
    await context.close();
  });

  it('logs in with a real OpenID Connect provider and comes back to the same account later', async () => {
    const login = `thientam${Date.now().toString(36)}`;
    const usernames: string[] = [];
    // Two visits from two fresh browsers: each goes through the provider's login and consent pages.
    for (let round = 0; round < 2; round++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseURL}/login`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Đăng nhập với OpenID thử nghiệm' }).click();
      await page.locator('input[name="login"]').waitFor();
      expect(new URL(page.url()).origin).not.toBe(baseURL);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('bat-ky');
      await page.locator('button[type="submit"]').first().click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${baseURL}/`);
      await waitForHeader(page, 'Đăng xuất');
      expect(await headerLinks(page)).toBe('T Thiện Tâm Đăng xuất');
      await page.goto(`${baseURL}/profile`);
      const meta = await page.locator('.profile-meta').allInnerTexts();
      expect(meta[1]).toBe(`${login}@thu-nghiem.example.org`);
      usernames.push(meta[0]!.split(' · ')[0]!);
      await context.close();
    }
    expect(usernames[1]).toBe(usernames[0]);
  });

  it('changes the display name and the avatar on the account page', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await loginAs(context, baseURL);
    await page.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Tên hiển thị' }).fill('Diệu Âm');
    await page.getByRole('button', { name: 'Lưu tên' }).click();
    await page.getByText('Đã đổi tên hiển thị.').waitFor();
    // The page's data is read again after the change; wait for it rather than read at once.
    await page.locator('h1', { hasText: 'Diệu Âm' }).waitFor();
    await waitForHeader(page, 'Diệu Âm');

    const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#3f7b4d' } })
      .png()
      .toBuffer();
    await page.locator('#avatar-file').setInputFiles({ name: 'anh.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Tải ảnh lên' }).click();
    await page.getByText('Đã cập nhật ảnh đại diện.').waitFor();
    const src = await page.locator('header.site-header img.avatar').getAttribute('src');
    expect(src).toMatch(/^\/media\/avatars\/.+\.webp$/);
    await screenshot(page, 'profile-1440');
    await context.close();
  });
});
