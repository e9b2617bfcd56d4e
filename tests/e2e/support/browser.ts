import fs from 'node:fs';
import os from 'node:os';
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
export async function launchBrowser(options: { voices?: boolean } = {}): Promise<Browser> {
  const speech = options.voices ? speechDispatcherSetup() : null;
  const browser = await launchChromium(speech);
  if (speech) {
    // The speech daemon's home goes with the browser (the daemon stops by itself soon after).
    const close = browser.close.bind(browser);
    browser.close = async (...args) => {
      await close(...args);
      fs.rmSync(speech.env.HOME!, { recursive: true, force: true });
    };
  }
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
}

/**
 * Chromium on Linux speaks through speech-dispatcher (Debian's, with its eSpeak NG module, which has
 * real `vi-VN` voices) when started with --enable-speech-dispatcher. The daemon it spawns gets a
 * home of its own: its sound goes to ALSA's null device (a test machine has no sound card, and
 * without an output the voice never says it has finished), and it stops by itself 5 s after the
 * browser leaves (speech-dispatcher's Timeout).
 */
function speechDispatcherSetup(): { args: string[]; env: Record<string, string> } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-speech-'));
  fs.mkdirSync(path.join(home, '.config', 'speech-dispatcher'), { recursive: true });
  const system = fs.readFileSync('/etc/speech-dispatcher/speechd.conf', 'utf8');
  fs.writeFileSync(
    path.join(home, '.config', 'speech-dispatcher', 'speechd.conf'),
    `${system}\nAudioOutputMethod "alsa"\n`,
  );
  fs.writeFileSync(path.join(home, '.asoundrc'), 'pcm.!default { type null }\nctl.!default { type hw card 0 }\n');
  return {
    args: ['--enable-speech-dispatcher'],
    env: {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_RUNTIME_DIR: home,
    },
  };
}

function launchChromium(speech: { args: string[]; env: Record<string, string> } | null): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    ...(speech ? { env: { ...process.env, ...speech.env } as Record<string, string> } : {}),
    args: [
      ...(speech?.args ?? []),
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
 * A full page is captured with the parts below the first screen rendered (withSkippedPartsRendered).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  const fullPage = options.fullPage ?? true;
  const capture = () => page.screenshot({ path: file, fullPage });
  await (fullPage ? withSkippedPartsRendered(page, capture) : capture());
  return file;
}

/**
 * Runs `action` with every part styled `content-visibility: auto` rendered, then gives them back to
 * the browser. Those parts (below the first screen: decision 0046) skip rendering until a reader
 * scrolls near them, which a full-page capture does not do, and a check of what is painted (axe's
 * colour contrast) would see them unpainted: rendered, they are what a reader scrolling down sees.
 */
export async function withSkippedPartsRendered<T>(page: Page, action: () => Promise<T>): Promise<T> {
  const marked = 'data-rendered-for-test';
  await unlessNavigated(
    page.evaluate((marked) => {
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        if (getComputedStyle(element).contentVisibility !== 'auto') continue;
        element.style.setProperty('content-visibility', 'visible');
        element.setAttribute(marked, '');
      }
    }, marked),
  );
  try {
    return await action();
  } finally {
    await unlessNavigated(
      page.evaluate((marked) => {
        for (const element of document.querySelectorAll<HTMLElement>(`[${marked}]`)) {
          element.style.removeProperty('content-visibility');
          element.removeAttribute(marked);
        }
      }, marked),
    );
  }
}

/** A page that is navigating has no document to prepare (or to tidy): the action goes on without. */
async function unlessNavigated(step: Promise<unknown>): Promise<void> {
  try {
    await step;
  } catch (error) {
    if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error;
  }
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
