import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ERROR_PAGE_TEXT } from '#common/messages.ts';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { startLibraryServer } from './support/library-server.ts';
import { stopProcess } from './support/processes.ts';
import { loginAs } from './support/session.ts';

const baseURL = inject('baseURL');
const WIDTHS = [320, 390, 1366];

/** True when the page is no wider than the window (nothing scrolls sideways). */
const fitsWidth = () => document.documentElement.scrollWidth <= window.innerWidth;

describe('error pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('answers an unknown page (404) in Vietnamese, with the spec sentence, a search box and a link home', async () => {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const errors = watchPageErrors(page);
      const res = await page.goto(`${baseURL}/khong-co-trang-nay`, { waitUntil: 'networkidle' });
      expect(res!.status()).toBe(404);
      expect(await page.title()).toBe(`${ERROR_PAGE_TEXT.notFoundHeading} — Pháp Bảo`);
      expect(await page.locator('h1').innerText()).toBe(ERROR_PAGE_TEXT.notFoundHeading);
      expect(await page.locator('.error-page [lang="en"]').innerText()).toBe(ERROR_PAGE_TEXT.notFound);
      expect(await page.locator('.error-page').innerText()).not.toContain('thử lại sau');
      expect(await page.getByRole('link', { name: ERROR_PAGE_TEXT.backHome }).getAttribute('href')).toBe('/');
      expect(await page.evaluate(fitsWidth)).toBe(true);
      await screenshot(page, `error-404-${width}`);
      if (width === 390) {
        await page.getByRole('searchbox', { name: ERROR_PAGE_TEXT.searchLabel }).fill('kim cang');
        await page.getByRole('search').getByRole('button', { name: 'Tìm' }).click();
        await page.waitForURL(/\/search\?query=kim(\+|%20)cang/);
      }
      // Only the document's own 404 may be logged.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      await page.close();
    }
  });

  it('tells a reader who opens the administration (403) who it is for and how to switch account, not to try later', async () => {
    const context = await browser.newContext();
    const reader = await loginAs(context, baseURL);
    for (const width of WIDTHS) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      const res = await page.goto(`${baseURL}/quan-tri`, { waitUntil: 'networkidle' });
      expect(res!.status()).toBe(403);
      expect(await page.title()).toBe(`${ERROR_PAGE_TEXT.forbiddenHeading} — Pháp Bảo`);
      expect(await page.locator('h1').innerText()).toBe(ERROR_PAGE_TEXT.forbiddenHeading);
      const text = await page.locator('.error-page').innerText();
      expect(text).toContain('Trang này dành cho người quản trị thư viện');
      expect(text).toContain(ERROR_PAGE_TEXT.forbiddenLoggedIn(reader.username.toLowerCase()));
      expect(text).not.toContain('thử lại sau');
      expect(await page.evaluate(fitsWidth)).toBe(true);
      await screenshot(page, `error-403-${width}`);
      await page.close();
    }
    await context.close();
  });

  it('answers a server failure (500) in Vietnamese, advising to try again, keeping what failed to itself', async () => {
    // A library of its own (the shared one must stay whole), whose database then loses a table.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-500-'));
    const server = await startLibraryServer(
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { readyPath: '/api/v1/public/search/keywords' },
    );
    const site = server.baseURL;
    try {
      const db = new Sqlite(path.join(dataDir, 'phap-bao.sqlite'));
      db.exec('ALTER TABLE books RENAME TO books_gone');
      db.close();
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        const res = await page.goto(`${site}/thu-vien?loai=book&page=${width}`, { waitUntil: 'networkidle' });
        expect(res!.status()).toBe(500);
        expect(await page.title()).toBe(`${ERROR_PAGE_TEXT.serverHeading} — Pháp Bảo`);
        expect(await page.locator('h1').innerText()).toBe(ERROR_PAGE_TEXT.serverHeading);
        const text = await page.locator('.error-page').innerText();
        expect(text).toContain(ERROR_PAGE_TEXT.serverAdvice);
        expect(text).not.toContain(ERROR_PAGE_TEXT.notFound);
        // What failed stays on the server.
        expect(await page.content()).not.toMatch(/books|no such table|SqliteError/i);
        expect(await page.getByText(ERROR_PAGE_TEXT.retry).count()).toBeGreaterThan(0);
        expect(await page.evaluate(fitsWidth)).toBe(true);
        // The frame's own parts that could not be read say so inside the page's margins.
        for (const late of await page.locator('.slow-part').all()) {
          const box = (await late.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(16);
          expect(box.x + box.width).toBeLessThanOrEqual(width - 16);
        }
        await screenshot(page, `error-500-${width}`);
        await page.close();
      }
    } finally {
      await stopProcess(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
