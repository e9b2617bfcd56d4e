import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { newReader } from '../factories/reader.ts';
import { bookForThisFile } from './support/site-books.ts';
import { launchBrowser, SCREENSHOT_DIR, screenshot, waitForHydration } from './support/browser.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');

/** A sentence long enough that a chapter of them scrolls on every screen. */
const sentence = (n: number) =>
  `Đoạn ${n}: người tu học giữ giới thanh tịnh, như người chăn bò cầm gậy mà trông chừng, ` +
  'không để bò buông lung phá hại lúa mạ của người khác; giữ được giới thì định và tuệ theo đó mà sinh.';

describe('reading history', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  /** Three books of this test's own: two short ones, one whose first chapter is long with a long title. */
  const first = bookForThisFile({ title: 'Kinh Báo Ân (bản thử)' });
  const second = bookForThisFile({ title: 'Kinh Hoa Sen (bản thử)' });
  const long = bookForThisFile({
    title: 'Kinh Lời Dạy Cuối (bản thử)',
    chapters: [
      {
        title: 'Lời dạy cuối cùng trước khi nhập niết bàn (tên chương dài: nút phải xuống dòng)',
        markdown: Array.from({ length: 44 }, (_, i) => sentence(i + 1)).join('\n\n'),
      },
    ],
  });

  it('offers "Đọc tiếp" first on the home page: from the device, and from the account on a new device', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('continue-reading-home').count()).toBe(0);
    // Read a little of a chapter: the device remembers where.
    await page.goto(`${baseURL}${first.firstChapterPath}`, { waitUntil: 'networkidle' });
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    const resume = page.getByTestId('continue-reading-home');
    await resume.waitFor();
    expect(await resume.innerText()).toContain(first.title);
    expect(await resume.getByRole('link').getAttribute('href')).toMatch(
      new RegExp(`^${first.firstChapterPath}(#p-\\d+)?$`),
    );
    // It comes before "Nghe tiếp" and within the first screen.
    expect((await resume.boundingBox())!.y).toBeLessThan(844);
    await screenshot(page, 'home-continue-reading-390');
    await context.close();

    // A reader who read while logged in finds it on another device too.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await loginAs(phone, baseURL);
    const tab = await phone.newPage();
    await tab.goto(`${baseURL}${second.firstChapterPath}`, { waitUntil: 'networkidle' });
    const laptop = await browser.newContext();
    await laptop.addCookies([{ name: 'pb_token', value: reader.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    const other = await laptop.newPage();
    await other.goto(baseURL, { waitUntil: 'networkidle' });
    const fromAccount = other.getByTestId('continue-reading-home');
    await fromAccount.waitFor();
    expect(await fromAccount.innerText()).toContain(second.title);
    await phone.close();
    await laptop.close();
  });

  for (const [width, height] of [
    [320, 568],
    [390, 844],
    [1366, 768],
  ] as const) {
    it(`at ${width} px: "Đọc tiếp" on the home page and the book page leads back to the paragraph read last`, async () => {
      // Anonymous: the place is kept on the device. Logged in: in the account, seen from another device.
      for (const loggedIn of [false, true]) {
        const context = await browser.newContext({ viewport: { width, height } });
        const reader = loggedIn ? await loginAs(context, baseURL) : null;
        const page = await context.newPage();
        await page.goto(`${baseURL}${long.firstChapterPath}`, { waitUntil: 'networkidle' });
        await waitForHydration(page);
        // Read down to the twelfth paragraph; the place is kept once the scrolling stops.
        const placeIn = (body: string | null) => /name="paragraph"\r\n\r\n(p-\d+)/.exec(body ?? '')?.[1];
        const posted = loggedIn
          ? page.waitForResponse(
              (r) => r.url().endsWith('/reading-progress') && Number(placeIn(r.request().postData())?.slice(2)) > 1,
            )
          : null;
        await page.locator('p#p-12').evaluate((p) => window.scrollTo(0, p.getBoundingClientRect().top + scrollY - 100));
        let paragraph: string;
        if (posted) {
          const response = await posted;
          expect(response.ok()).toBe(true);
          paragraph = placeIn(response.request().postData())!;
        } else {
          paragraph = await page
            .waitForFunction(() => {
              const [entry] = JSON.parse(localStorage.getItem('phap-bao:reading-history') ?? '[]');
              return entry?.paragraph && entry.paragraph !== 'p-1' ? entry.paragraph : null;
            })
            .then((h) => h.jsonValue() as Promise<string>);
        }
        expect(Number(paragraph.slice(2))).toBeGreaterThanOrEqual(11);

        // Another device for the account (its cookie only); the same browser for the anonymous reader.
        let home = page;
        let other: BrowserContext | null = null;
        if (reader) {
          other = await browser.newContext({ viewport: { width, height } });
          await other.addCookies([
            { name: 'pb_token', value: reader.token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
          ]);
          home = await other.newPage();
        }
        await home.goto(baseURL, { waitUntil: 'networkidle' });
        await waitForHydration(home);
        const resume = home.getByTestId('continue-reading-home');
        await resume.waitFor();
        expect(await resume.getByRole('link').getAttribute('href')).toBe(`${long.firstChapterPath}#${paragraph}`);
        // First for a returning reader: on the first screen, before the passage of the day.
        const box = (await resume.boundingBox())!;
        const visibleBottom = await home.evaluate(() => {
          const bar = document.querySelector('.bottom-bar')?.getBoundingClientRect();
          return bar && bar.height > 0 && bar.top < window.innerHeight ? bar.top : window.innerHeight;
        });
        // On a 320×568 phone its first line shows above the bottom bar; on larger screens all of it.
        expect(box.y + 30).toBeLessThan(visibleBottom);
        if (width >= 390) expect(box.y + box.height).toBeLessThanOrEqual(visibleBottom);
        expect(box.y).toBeLessThan((await home.getByTestId('featured-passage').boundingBox())!.y);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // Centred in the centred hero, like the search box above it.
        const card = (await resume.getByRole('link').boundingBox())!;
        const hero = (await home.locator('.hero-inner').boundingBox())!;
        expect(Math.abs(card.x + card.width / 2 - (hero.x + hero.width / 2))).toBeLessThan(2);
        await home.screenshot({
          path: `${SCREENSHOT_DIR}/home-continue-reading-${loggedIn ? 'account' : 'device'}-${width}.png`,
        });

        await home.goto(`${baseURL}/sach/${long.code}`, { waitUntil: 'networkidle' });
        await waitForHydration(home);
        const onBook = home.getByTestId('continue-reading');
        await onBook.waitFor();
        expect(await onBook.getAttribute('href')).toBe(`${long.firstChapterPath}#${paragraph}`);
        // The chapter's title can be long: the button wraps within the screen.
        const button = (await onBook.boundingBox())!;
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(width);
        expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await onBook.scrollIntoViewIfNeeded();
        await home.screenshot({
          path: `${SCREENSHOT_DIR}/book-continue-reading-${loggedIn ? 'account' : 'device'}-${width}.png`,
        });
        // It opens the chapter at that paragraph.
        await onBook.click();
        await home.waitForURL(`${baseURL}${long.firstChapterPath}#${paragraph}`);
        await home.waitForFunction((id) => {
          const r = document.getElementById(id)!.getBoundingClientRect();
          return r.top >= 0 && r.top < window.innerHeight / 2;
        }, paragraph);
        await other?.close();
        await context.close();
      }
    });
  }

  it('is kept on the device before login, merged into the account at login, and clearable', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}${first.firstChapterPath}`, { waitUntil: 'networkidle' });
    // The book's page offers to continue where the reader left it.
    await page.goto(`${baseURL}/sach/${first.code}`, { waitUntil: 'networkidle' });
    const resume = page.getByTestId('continue-reading');
    await resume.waitFor();
    expect((await resume.getAttribute('href'))?.startsWith(first.firstChapterPath)).toBe(true);
    await page.goto(`${baseURL}/profile/reading-history`, { waitUntil: 'networkidle' });
    const list = page.getByTestId('history-list');
    await list.waitFor();
    expect(await list.locator('.history-book').allInnerTexts()).toEqual([first.title]);
    expect(await page.getByText('lưu trên thiết bị của bạn', { exact: false }).count()).toBe(1);

    // Log in: the device history joins the account.
    const reader = newReader();
    await fetch(`${baseURL}/api/v1/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
    });
    await page.goto(`${baseURL}/login?redirectTo=%2Fprofile%2Freading-history`);
    await waitForHydration(page);
    await page.locator('.auth-form').getByLabel('Tài khoản hoặc email').fill(reader.username);
    await page.locator('.auth-form').getByLabel('Mật khẩu').fill(reader.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(`${baseURL}/profile/reading-history`);
    await page.waitForFunction(() => localStorage.getItem('phap-bao:reading-history') === null);
    // Read one more book while logged in, then look at the history the server keeps.
    await page.goto(`${baseURL}${second.firstChapterPath}`, { waitUntil: 'networkidle' });
    await page.goto(`${baseURL}/profile/reading-history`, { waitUntil: 'networkidle' });
    expect(await list.locator('.history-book').allInnerTexts()).toEqual([second.title, first.title]);
    expect(await page.getByText('trên mọi thiết bị bạn đăng nhập', { exact: false }).count()).toBe(1);
    const href = await list.getByRole('link', { name: 'Đọc tiếp' }).first().getAttribute('href');
    expect(href?.startsWith(second.firstChapterPath)).toBe(true);
    await screenshot(page, 'history-390');

    await page.getByRole('button', { name: 'Xóa lịch sử' }).click();
    await page.getByText('Bạn chưa đọc cuốn sách nào.', { exact: false }).waitFor();
    await context.close();
  });
});
