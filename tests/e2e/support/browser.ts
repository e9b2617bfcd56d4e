import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (npm test installs it with apt when missing); CHROME_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium is missing: run `apt-get install -y chromium` or set CHROME_PATH.');
  return found;
}

/**
 * The site registers a service worker (docs/decisions/0025-offline-reading.md). Contexts and pages
 * made from this browser block service workers unless a test asks for them with
 * `serviceWorkers: 'allow'` (tests/e2e/offline.test.ts): the other tests see the network as it is,
 * and no worker outlives its context.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/**
 * Saves a full-page screenshot under tests/e2e/screenshots/ (git-ignored) for a human to look at;
 * `fullPage: false` keeps to the viewport (a book chapter can be tens of thousands of pixels tall).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** Collects uncaught page errors so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Waits until the browser render has taken over the page (app/root.tsx marks `<html data-hydrated>`). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}
