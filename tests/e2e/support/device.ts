import type { BrowserContext, Page } from 'playwright-core';

/** A device that chose these settings on an earlier visit (localStorage, before any page script). */
export async function rememberOnDevice(context: BrowserContext, values: Record<string, string>) {
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

export interface WakeLog {
  requests: number;
  releases: number;
  held: number;
}

/**
 * Records what the pages of `context` ask of the Wake Lock API (`wakeLog(page)`) and lets the test
 * hide a page (`setHidden(page, true)`). Headless Chromium may refuse a real lock, so a refused
 * request is answered with a stand-in sentinel.
 */
export async function watchWakeLock(context: BrowserContext) {
  await context.addInitScript(() => {
    const log = { requests: 0, releases: 0, held: 0 };
    (window as unknown as { wakeLog: typeof log }).wakeLog = log;
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
    (window as unknown as { setHidden: (h: boolean) => void }).setHidden = (h) => {
      hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const wakeLock = navigator.wakeLock;
    if (!wakeLock) throw new Error('No Wake Lock API in this Chromium');
    const real = wakeLock.request.bind(wakeLock);
    wakeLock.request = async (type) => {
      log.requests++;
      const sentinel = await real(type).catch(() => {
        const fake = new EventTarget() as WakeLockSentinel & { released: boolean };
        Object.assign(fake, { released: false, type: 'screen' });
        fake.release = async () => {
          fake.released = true;
        };
        return fake;
      });
      log.held++;
      const release = sentinel.release.bind(sentinel);
      sentinel.release = async () => {
        log.releases++;
        log.held--;
        await release();
      };
      return sentinel;
    };
  });
}

export const wakeLog = (page: Page) => page.evaluate(() => (window as unknown as { wakeLog: WakeLog }).wakeLog);

/** Waits until the page holds `count` wake locks. */
export async function waitForWakeLocks(page: Page, count: number) {
  await page.waitForFunction((n) => (window as unknown as { wakeLog: WakeLog }).wakeLog.held === n, count);
}

export async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(h), hidden);
}
