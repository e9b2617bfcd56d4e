import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { USERNAME_HINT } from '#common/contracts/auth.schema.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const mailboxFile = inject('mailboxFile');

describe('account recovery on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('mails a link from "Quên mật khẩu?", sets a new password there, logs in, and ends the old password and sessions', async () => {
    // The reader, logged in on another device too.
    const otherDevice = await browser.newContext();
    const reader = await loginAs(otherDevice, baseURL);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await screenshot(page, 'login-forgot-390');
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL(`${baseURL}/quen-mat-khau`);
    await page.getByRole('heading', { name: 'Quên mật khẩu' }).waitFor();
    await page.locator('.auth-form').getByLabel('Email').fill(reader.email);
    await screenshot(page, 'forgot-password-390');
    await page.getByRole('button', { name: 'Gửi liên kết' }).click();
    expect(await page.getByTestId('forgot-sent').innerText()).toBe(RECOVERY_MESSAGES.sent);
    await screenshot(page, 'forgot-password-sent-390');

    const mail = await waitForMail(mailboxFile, reader.email);
    expect(mail.subject).toBe('Đặt lại mật khẩu Pháp Bảo');
    const link = mail.text.match(/http\S+\/dat-lai-mat-khau\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link?.startsWith(baseURL)).toBe(true);

    await page.goto(link!, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Đặt mật khẩu mới' }).waitFor();
    const form = page.locator('.auth-form');
    const password = form.getByLabel('Mật khẩu mới', { exact: true });
    await password.fill('mat-khau-moi-tinh');
    // The toggle is reachable from the field with Tab and works with the keyboard.
    await password.focus();
    await page.keyboard.press('Tab');
    const toggle = form.getByRole('button', { name: 'Hiện mật khẩu' }).first();
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await password.getAttribute('type')).toBe('text');
    await form.getByLabel('Nhập lại mật khẩu mới').fill('mat-khau-moi-tinh');
    await screenshot(page, 'reset-password-390');
    await toggle.press('Enter');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Đặt mật khẩu mới' }).click();

    // Logged in on this phone, told so, and off the address that held the token.
    await page.waitForURL(`${baseURL}/profile?mat-khau-moi=1`);
    expect(await page.getByTestId('password-reset-done').innerText()).toBe(RECOVERY_MESSAGES.done);
    expect(await page.locator('.profile-header').innerText()).toContain(`@${reader.username.toLowerCase()}`);
    await screenshot(page, 'reset-password-done-390');

    // The other device is logged out.
    const other = await otherDevice.newPage();
    await other.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
    expect(new URL(other.url()).pathname).toBe('/login');

    // The link is used up.
    await page.goto(link!, { waitUntil: 'networkidle' });
    expect(await page.getByRole('alert').innerText()).toBe(RECOVERY_MESSAGES.invalidLink);
    expect(await page.locator('.auth-form').count()).toBe(0);

    // The old password no longer works; the new one does.
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const login = await fresh.newPage();
    await login.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await login.locator('.auth-form').getByLabel('Tài khoản hoặc email').fill(reader.username);
    await login.locator('.auth-form').getByLabel('Mật khẩu', { exact: true }).fill(reader.password);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await login.getByRole('alert').filter({ hasText: 'Tài khoản hoặc mật khẩu không đúng.' }).waitFor();
    await login.locator('.auth-form').getByLabel('Mật khẩu', { exact: true }).fill('mat-khau-moi-tinh');
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await login.waitForURL(`${baseURL}/`);
    expect(errors).toEqual([]);
    await Promise.all([context.close(), otherDevice.close(), fresh.close()]);
  });

  it('shows the username rule on the sign-up form before anything is typed', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/register`, { waitUntil: 'networkidle' });
    const username = page.locator('.auth-form').getByLabel('Tài khoản');
    const hintId = await username.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).innerText()).toBe(USERNAME_HINT);
    expect(await page.locator('.auth-form').getByRole('button', { name: 'Hiện mật khẩu' }).count()).toBe(2);
    await screenshot(page, 'register-hint-390');
    await context.close();
  });
});
