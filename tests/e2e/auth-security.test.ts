import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIResponse, Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { hasControlCharacters } from '#common/text/control-characters.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const siteHost = new URL(baseURL).host;

/** `redirectTo` values that once sent the browser to another site, or made the page fail. */
const HOSTILE_REDIRECTS = [
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r/evil.example/',
  '/\r\n/evil.example/',
  '\t//evil.example/',
  '/\x00/evil.example/',
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '/%09/evil.example/',
  '/%2F%2Fevil.example/',
  '/..//evil.example/',
  '／／evil.example/',
  '/\u3000/evil.example/',
  '/\u00a0/evil.example/',
  'https://evil.example/',
  'javascript:alert(1)',
];

async function isLoggedIn(context: BrowserContext): Promise<boolean> {
  const res = await context.request.get(`${baseURL}/profile`, { maxRedirects: 0 });
  return res.status() === 200;
}

/** Follows redirects with the context's cookies until one points at this site's /login; returns that address. */
async function followToLoginPage(context: BrowserContext, first: APIResponse): Promise<string> {
  let res = first;
  for (let hop = 0; hop < 10; hop++) {
    const location = res.headers()['location'];
    if (!location) throw new Error(`no redirect from ${res.url()} (${res.status()})`);
    const next = new URL(location, res.url());
    if (next.origin === baseURL && next.pathname === '/login') return next.href;
    res = await context.request.get(next.href, { maxRedirects: 0 });
  }
  throw new Error('too many redirects');
}

describe('login and session safety', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('never leaves the site after login, whatever redirectTo says, and never answers 500', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const reader = await loginAs(context, baseURL);
    for (const variant of HOSTILE_REDIRECTS) {
      const res = await page.goto(`${baseURL}/login?${new URLSearchParams({ redirectTo: variant }).toString()}`);
      expect(res?.status(), JSON.stringify(variant)).toBeLessThan(500);
      expect(new URL(page.url()).host, JSON.stringify(variant)).toBe(siteHost);
    }
    await context.clearCookies();

    // Anonymous: the login form carries redirectTo through its post. (An address holding a control
    // character is refused before any page, 400: see tests/api/control-characters.test.ts.)
    const reachable = HOSTILE_REDIRECTS.filter((variant) => !hasControlCharacters(variant));
    expect(reachable.length).toBeGreaterThanOrEqual(6);
    for (const variant of reachable.slice(0, 6)) {
      await page.goto(`${baseURL}/login?${new URLSearchParams({ redirectTo: variant }).toString()}`);
      await waitForHydration(page);
      await page.locator('.auth-form').getByLabel('Tài khoản hoặc email').fill(reader.username);
      await page.locator('.auth-form').getByLabel('Mật khẩu').fill(reader.password);
      await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(page.url()).host, JSON.stringify(variant)).toBe(siteHost);
      await context.clearCookies();
    }
    // The same value posted straight to the action (no page in between) is no better.
    for (const variant of ['/\t/evil.example/', '/\r\n/evil.example/']) {
      const res = await context.request.post(`${baseURL}/login`, {
        form: { username: reader.username, password: reader.password, redirectTo: variant },
        maxRedirects: 0,
      });
      expect(res.status(), JSON.stringify(variant)).toBe(302);
      expect(new URL(res.headers()['location']!, baseURL).host).toBe(siteHost);
      await context.clearCookies();
    }
    await context.close();
  });

  it('logs in with a social login code only the browser that started the login', async () => {
    const login = `lienket${Date.now().toString(36)}`;
    const a = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pageA = await a.newPage();
    // Browser A starts the login; at the provider's consent, its redirects are followed by hand
    // (with A's cookies) up to /login?code=…, which A itself never opens.
    await pageA.goto(`${baseURL}/login`);
    await waitForHydration(pageA);
    await pageA.getByRole('link', { name: 'Đăng nhập với OpenID thử nghiệm' }).click();
    await pageA.locator('input[name="login"]').waitFor();
    await pageA.locator('input[name="login"]').fill(login);
    await pageA.locator('input[name="password"]').fill('bat-ky');
    await pageA.locator('button[type="submit"]').first().click();
    const continueButton = pageA.getByRole('button', { name: 'Continue' });
    await continueButton.waitFor();
    let codeUrl = '';
    const providerOrigin = new URL(pageA.url()).origin;
    await pageA.route(
      (url) => url.origin === providerOrigin,
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        codeUrl = await followToLoginPage(a, await route.fetch({ maxRedirects: 0 }));
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<p>giữ lại</p>' });
      },
    );
    await continueButton.click();
    await pageA.getByText('giữ lại').waitFor();
    expect(codeUrl).toMatch(/\/login\?code=/);

    // Browser B (the victim of a link) opens the address: not logged in, the code refused and burnt.
    const b = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pageB = await b.newPage();
    const errorsB = watchPageErrors(pageB);
    await pageB.goto(codeUrl);
    await pageB.waitForURL((url) => !url.searchParams.has('code'));
    expect(await isLoggedIn(b)).toBe(false);
    await pageB.getByText('chỉ dùng được trên trình duyệt đã bắt đầu đăng nhập').waitFor();
    expect((await b.cookies()).find((c) => c.name === 'pb_token')).toBeUndefined();
    // The refusal itself is a 401 page; nothing else (no script blocked by the CSP, no page error).
    expect(errorsB.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await b.close();

    // A's own next login goes all the way: the finishing page posts the code by itself and A is in.
    await pageA.unrouteAll();
    const posts: string[] = [];
    pageA.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/login') posts.push(req.postData() ?? '');
    });
    await pageA.goto(`${baseURL}/login`);
    await waitForHydration(pageA);
    await pageA.getByRole('link', { name: 'Đăng nhập với OpenID thử nghiệm' }).click();
    // The provider may remember A's login and consent, or ask again.
    for (let step = 0; step < 3 && pageA.url() !== `${baseURL}/`; step++) {
      const next = await Promise.race([
        pageA.waitForURL(`${baseURL}/`).then(() => 'home' as const),
        pageA
          .locator('input[name="login"]')
          .waitFor()
          .then(() => 'login' as const),
        pageA
          .getByRole('button', { name: 'Continue' })
          .waitFor()
          .then(() => 'consent' as const),
      ]).catch(() => 'none' as const);
      if (next === 'login') {
        await pageA.locator('input[name="login"]').fill(login);
        await pageA.locator('input[name="password"]').fill('bat-ky');
        await pageA.locator('button[type="submit"]').first().click();
      } else if (next === 'consent') {
        await pageA.getByRole('button', { name: 'Continue' }).click();
      }
    }
    await pageA.waitForURL(`${baseURL}/`);
    expect(await isLoggedIn(a)).toBe(true);
    expect(posts.some((body) => body.includes('intent=social-code'))).toBe(true);
    // The binding is spent with the code.
    expect((await a.cookies()).find((c) => c.name === 'pb_login_binding')).toBeUndefined();
    await a.close();
  });

  it('shows the page that finishes a social login, at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?code=ma-gia&redirectTo=%2F`);
    await page.getByRole('heading', { name: 'Đang hoàn tất đăng nhập…' }).waitFor();
    await screenshot(page, 'login-finish-390');
    // Without scripts the button does it; a made-up code is refused in Vietnamese.
    await page.getByRole('button', { name: 'Tiếp tục đăng nhập' }).click();
    await page.getByText('Phiên đăng nhập đã hết hạn, xin đăng nhập lại.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows only its own texts for ?error=, never words from the address', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const text of ['<script>alert(1)</script>', 'Tài khoản bị khoá, gọi 0900 123 456 để mở']) {
      await page.goto(`${baseURL}/login?${new URLSearchParams({ error: text }).toString()}`);
      await page.locator('.auth-form').waitFor();
      expect(await page.locator('main').innerText()).not.toContain(text);
      expect(await page.locator('.auth-card [role="alert"]').count()).toBe(0);
    }
    await page.goto(`${baseURL}/login?error=provider_unreachable`);
    await page.getByText('Không kết nối được với dịch vụ đăng nhập, xin thử lại sau.').waitFor();
    await context.close();
  });

  it('treats a session cookie that does not decode as none, and clears it', async () => {
    for (const path of ['/', '/login', '/sach']) {
      const res = await fetch(`${baseURL}${path}`, { headers: { cookie: 'pb_token=%' }, redirect: 'manual' });
      expect(res.status, path).toBe(200);
      expect(
        res.headers.getSetCookie().some((c) => /^pb_token=;.*Max-Age=0/.test(c)),
        path,
      ).toBe(true);
    }
    // A page for readers only sends the stranger with the broken cookie to log in, not to an error.
    const res = await fetch(`${baseURL}/profile`, { headers: { cookie: 'pb_token=%E0%A4%A' }, redirect: 'manual' });
    expect(res.status).toBe(302);
  });

  it('deletes the account only with the current password', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const reader = await loginAs(context, baseURL);
    await page.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const danger = page.locator('.profile-danger');
    await danger.getByLabel(`Gõ "${reader.username.toLowerCase()}" để xác nhận`).fill(reader.username.toLowerCase());
    await danger.getByLabel('Mật khẩu hiện tại').fill(`${reader.password}-sai`);
    await danger.getByRole('button', { name: 'Xóa vĩnh viễn tài khoản' }).click();
    await danger.getByText('Mật khẩu hiện tại không đúng.').waitFor();
    await danger.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-delete-390');
    expect(await isLoggedIn(context)).toBe(true);

    await danger.getByLabel(`Gõ "${reader.username.toLowerCase()}" để xác nhận`).fill(reader.username.toLowerCase());
    await danger.getByLabel('Mật khẩu hiện tại').fill(reader.password);
    await danger.getByRole('button', { name: 'Xóa vĩnh viễn tài khoản' }).click();
    await page.waitForURL(`${baseURL}/`);
    const login = await fetch(`${baseURL}/api/v1/public/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: reader.username, password: reader.password }),
    });
    expect(login.status).toBe(401);
    await context.close();
  });
});
