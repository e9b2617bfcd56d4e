import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newReader } from '../factories/reader.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

describe('reading history', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('offers "Đọc tiếp" first on the home page: from the device, and from the account on a new device', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('continue-reading-home').count()).toBe(0);
    // Read a little of a chapter: the device remembers where.
    await page.goto(`${baseURL}/kinh-vu-lan-1/kinh-vu-lan`, { waitUntil: 'networkidle' });
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    const resume = page.getByTestId('continue-reading-home');
    await resume.waitFor();
    expect(await resume.innerText()).toContain('Kinh Vu Lan');
    expect(await resume.getByRole('link').getAttribute('href')).toMatch(/^\/kinh-vu-lan-1\/kinh-vu-lan(#p-\d+)?$/);
    // It comes before "Nghe tiếp" and within the first screen.
    expect((await resume.boundingBox())!.y).toBeLessThan(844);
    await screenshot(page, 'home-continue-reading-390');
    await context.close();

    // A reader who read while logged in finds it on another device too.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await loginAs(phone, baseURL);
    const tab = await phone.newPage();
    await tab.goto(`${baseURL}/kinh-a-di-da-1/kinh-a-di-da`, { waitUntil: 'networkidle' });
    const laptop = await browser.newContext();
    await laptop.addCookies([{ name: 'pb_token', value: reader.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    const other = await laptop.newPage();
    await other.goto(baseURL, { waitUntil: 'networkidle' });
    const fromAccount = other.getByTestId('continue-reading-home');
    await fromAccount.waitFor();
    expect(await fromAccount.innerText()).toContain('Kinh A-di-đà');
    await phone.close();
    await laptop.close();
  });

  it('is kept on the device before login, merged into the account at login, and clearable', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/kinh-vu-lan-1/kinh-vu-lan`, { waitUntil: 'networkidle' });
    // The book's page offers to continue where the reader left it.
    await page.goto(`${baseURL}/sach/kinh-vu-lan`, { waitUntil: 'networkidle' });
    const resume = page.getByTestId('continue-reading');
    await resume.waitFor();
    expect(await resume.getAttribute('href')).toMatch(/^\/kinh-vu-lan-1\/kinh-vu-lan/);
    await page.goto(`${baseURL}/profile/reading-history`, { waitUntil: 'networkidle' });
    const list = page.getByTestId('history-list');
    await list.waitFor();
    expect(await list.locator('.history-book').allInnerTexts()).toEqual(['Kinh Vu Lan (phiên âm Hán-Việt)']);
    expect(await page.getByText('lưu trên thiết bị của bạn', { exact: false }).count()).toBe(1);

    // Log in: the device history joins the account.
    const reader = newReader();
    await fetch(`${baseURL}/api/v1/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
    });
    await page.goto(`${baseURL}/login?redirectTo=%2Fprofile%2Freading-history`);
    await page.locator('.auth-form').getByLabel('Tài khoản hoặc email').fill(reader.username);
    await page.locator('.auth-form').getByLabel('Mật khẩu').fill(reader.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(`${baseURL}/profile/reading-history`);
    await page.waitForFunction(() => localStorage.getItem('phap-bao:reading-history') === null);
    // Read one more book while logged in, then look at the history the server keeps.
    await page.goto(`${baseURL}/kinh-a-di-da-1/kinh-a-di-da`, { waitUntil: 'networkidle' });
    await page.goto(`${baseURL}/profile/reading-history`, { waitUntil: 'networkidle' });
    expect(await list.locator('.history-book').allInnerTexts()).toEqual([
      'Kinh A-di-đà (phiên âm Hán-Việt)',
      'Kinh Vu Lan (phiên âm Hán-Việt)',
    ]);
    expect(await page.getByText('trên mọi thiết bị bạn đăng nhập', { exact: false }).count()).toBe(1);
    expect(await list.getByRole('link', { name: 'Đọc tiếp' }).first().getAttribute('href')).toMatch(
      /^\/kinh-a-di-da-1\/kinh-a-di-da/,
    );
    await screenshot(page, 'history-390');

    await page.getByRole('button', { name: 'Xóa lịch sử' }).click();
    await page.getByText('Bạn chưa đọc cuốn sách nào.', { exact: false }).waitFor();
    await context.close();
  });
});
