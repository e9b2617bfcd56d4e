import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { USERNAME_HINT } from '#common/contracts/auth.schema.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const mailboxFile = inject('mailboxFile');

describe('account recovery', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  // Phones (touch) and a laptop: three readers, within the hourly limit of requests from one address.
  for (const [width, touch] of [
    [320, true],
    [390, true],
    [1366, false],
  ] as const) {
    it(`at ${width} px mails a link from "Quên mật khẩu?", sets a new password there, logs in, and ends the old password and sessions`, async () => {
      // The reader, logged in on another device too.
      const otherDevice = await browser.newContext();
      const reader = await loginAs(otherDevice, baseURL);
      const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: touch, hasTouch: touch });
      const page = await context.newPage();
      const errors = watchPageErrors(page);

      await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await screenshot(page, `login-forgot-${width}`);
      await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
      await page.waitForURL(`${baseURL}/quen-mat-khau`);
      await page.getByRole('heading', { name: 'Quên mật khẩu' }).waitFor();
      await page.locator('.auth-form').getByLabel('Email').fill(reader.email);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await screenshot(page, `forgot-password-${width}`);
      await page.getByRole('button', { name: 'Gửi liên kết' }).click();
      expect(await page.getByTestId('forgot-sent').innerText()).toBe(RECOVERY_MESSAGES.sent);
      await screenshot(page, `forgot-password-sent-${width}`);

      const mail = await waitForMail(mailboxFile, reader.email);
      expect(mail.subject).toBe('Đặt lại mật khẩu Pháp Bảo');
      const link = mail.text.match(/http\S+\/dat-lai-mat-khau\?token=[A-Za-z0-9_-]+/)?.[0];
      expect(link?.startsWith(baseURL)).toBe(true);

      await page.goto(link!, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Đặt mật khẩu mới' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
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
      await screenshot(page, `reset-password-${width}`);
      await toggle.press('Enter');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Đặt mật khẩu mới' }).click();

      // Logged in on this phone, told so, and off the address that held the token.
      await page.waitForURL(`${baseURL}/profile?mat-khau-moi=1`);
      expect(await page.getByTestId('password-reset-done').innerText()).toBe(RECOVERY_MESSAGES.done);
      expect(await page.locator('.profile-header').innerText()).toContain(`@${reader.username.toLowerCase()}`);
      await screenshot(page, `reset-password-done-${width}`);

      // The other device is logged out.
      const other = await otherDevice.newPage();
      await other.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
      expect(new URL(other.url()).pathname).toBe('/login');

      // The link is used up.
      await page.goto(link!, { waitUntil: 'networkidle' });
      expect(await page.getByRole('alert').innerText()).toBe(RECOVERY_MESSAGES.invalidLink);
      expect(await page.locator('.auth-form').count()).toBe(0);

      // The old password no longer works; the new one does.
      const fresh = await browser.newContext({ viewport: { width, height: 844 } });
      const login = await fresh.newPage();
      await login.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
      await waitForHydration(login);
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
  }

  for (const width of [320, 390, 1366]) {
    it(`at ${width} px shows the username rule on the sign-up form before anything is typed, and a show-password toggle`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${baseURL}/register`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const form = page.locator('.auth-form');
      const username = form.getByLabel('Tài khoản');
      const hintId = await username.getAttribute('aria-describedby');
      const hint = page.locator(`[id="${hintId}"]`);
      expect(await hint.innerText()).toBe(USERNAME_HINT);
      expect(await hint.isVisible()).toBe(true);
      // Not a refusal: the field is not marked invalid before the reader has typed.
      expect(await username.getAttribute('aria-invalid')).not.toBe('true');
      const toggles = form.getByRole('button', { name: 'Hiện mật khẩu' });
      expect(await toggles.count()).toBe(2);
      const password = form.getByLabel('Mật khẩu', { exact: true });
      await password.fill('mat-khau-dai-1');
      await toggles.first().click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await toggles.first().getAttribute('aria-pressed')).toBe('true');
      for (const box of [await form.boundingBox(), await toggles.first().boundingBox()]) {
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await screenshot(page, `register-hint-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
