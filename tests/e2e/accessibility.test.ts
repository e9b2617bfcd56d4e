import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, withSkippedPartsRendered } from './support/browser.ts';
import { discoverKeyPages, type KeyPage, sessionTokens, type Visitor } from './support/key-pages.ts';
import { bookForThisFile } from './support/site-books.ts';
import { longChapterMarkdown } from '../factories/site.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
/** A chapter long enough to scroll any of its paragraphs to the bottom of the screen. */
const longBook = bookForThisFile({
  title: 'Kinh Dài Thử',
  chapters: [{ title: 'Lời dạy sau cùng', markdown: longChapterMarkdown(40) }],
});
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
// Structure rules fail at any impact (axe calls most of them "moderate"): heading order, landmarks.
const STRUCTURE_RULES = new Set([
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-main-is-top-level',
  'region',
  'skip-link',
  'empty-heading',
]);

interface Finding {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * Runs axe-core in the page. page.evaluate goes through the DevTools protocol, which the site's
 * nonce CSP does not block (a script tag would be). The parts below the first screen are rendered
 * first, as a reader scrolling down sees them: unpainted, their text has no background to contrast with.
 */
async function audit(page: Page): Promise<Finding[]> {
  await page.evaluate(axeSource);
  const results = (await withSkippedPartsRendered(page, () =>
    page.evaluate(
      (tags) =>
        (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        }),
      WCAG_TAGS,
    ),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.has(v.id))
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => n.target.join(' ')) }));
}

function report(found: Record<string, Finding[]>): string {
  return Object.entries(found)
    .filter(([, findings]) => findings.length > 0)
    .map(
      ([page, findings]) =>
        `${page}:\n` +
        findings
          .map(
            (f) =>
              `  ${f.rule} (${f.impact}, ${f.targets.length}): ${f.targets.slice(0, 6).join(' | ')}${f.targets.length > 6 ? ' …' : ''}`,
          )
          .join('\n'),
    )
    .join('\n');
}

describe('accessibility (WCAG 2.2 AA, axe-core)', () => {
  let browser: Browser;
  let pages: KeyPage[];
  let tokens: Record<Exclude<Visitor, 'anonymous'>, string>;
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await discoverKeyPages(baseURL);
    tokens = await sessionTokens(baseURL, dataDir);
  });
  afterAll(async () => {
    await browser.close();
  });

  async function contextFor(as: Visitor, width: number, options = {}): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, ...options });
    if (as !== 'anonymous') {
      await context.addCookies([
        { name: 'pb_token', value: tokens[as], url: baseURL, httpOnly: true, sameSite: 'Lax' },
      ]);
    }
    return context;
  }

  for (const width of [390, 1366]) {
    it(`finds no serious or critical violation on the key pages at ${width} px`, async () => {
      const found: Record<string, Finding[]> = {};
      const contexts = new Map<Visitor, BrowserContext>();
      for (const key of pages) {
        if (!contexts.has(key.as)) contexts.set(key.as, await contextFor(key.as, width));
        const page = await contexts.get(key.as)!.newPage();
        await page.goto(`${baseURL}${key.path}`, { waitUntil: 'networkidle' });
        found[`${key.name} ${key.path}`] = await audit(page);
        await page.close();
      }
      for (const context of contexts.values()) await context.close();
      const counts = Object.entries(found).map(
        ([page, f]) => `${page}: ${f.reduce((n, x) => n + x.targets.length, 0)}`,
      );
      console.warn(`axe at ${width} px (violating nodes per page):\n${counts.join('\n')}`);
      expect(report(found), `axe violations at ${width} px`).toBe('');
    }, 300_000);
  }

  // The sepia and dark themes re-ink every token (app/styles/app.css, decision 0026): each page,
  // and the reader's "Aa" panel, keeps 4.5:1 in them too.
  for (const theme of ['dark', 'sepia'] as const) {
    it(`finds none on the key pages in the ${theme} theme at 390 px, nor in the reader's "Aa" panel`, async () => {
      const found: Record<string, Finding[]> = {};
      const contexts = new Map<Visitor, BrowserContext>();
      for (const key of pages) {
        if (!contexts.has(key.as)) {
          const context = await contextFor(key.as, 390);
          await context.addInitScript((t) => localStorage.setItem('phap-bao:theme', t), theme);
          contexts.set(key.as, context);
        }
        const page = await contexts.get(key.as)!.newPage();
        await page.goto(`${baseURL}${key.path}`, { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        found[`${key.name} ${key.path}`] = await audit(page);
        if (key.name === 'chapter') {
          await waitForHydration(page);
          await page.locator('details.reader-options > summary').click();
          await page.getByRole('group', { name: 'Giao diện' }).waitFor();
          found[`"Aa" panel ${key.path}`] = await audit(page);
          await screenshot(page, `a11y-${theme}-reader-options-390`, { fullPage: false });
        }
        await page.close();
      }
      for (const context of contexts.values()) await context.close();
      expect(report(found), `axe violations in the ${theme} theme`).toBe('');
    }, 300_000);
  }

  it('finds none with the player bar open', async () => {
    const talk = pages.find((p) => p.name === 'talk')!;
    const found: Record<string, Finding[]> = {};
    for (const width of [390, 1366]) {
      const context = await contextFor('anonymous', width);
      const page = await context.newPage();
      await page.goto(`${baseURL}${talk.path}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.getByTestId('talk-play').click();
      await page.getByTestId('player-bar').waitFor();
      await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);
      await page.getByTestId('player-toggle').click();
      await screenshot(page, `a11y-player-${width}`);
      found[`player bar at ${width} px`] = await audit(page);
      await context.close();
    }
    expect(report(found)).toBe('');
  });

  it('finds none with the selection tools open (under the selection, docked at the bottom), nor with "Đọc tiếp" on the book page', async () => {
    const found: Record<string, Finding[]> = {};
    const context = await contextFor('reader', 390, { hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${baseURL}${longBook.firstChapterPath}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    for (const placement of ['below', 'sheet']) {
      // The first words of the eighth paragraph, high on the screen, then 30 px above its bottom.
      await page.evaluate((placement) => {
        const text = document.querySelector('[data-testid="chapter-text"] p#p-8')!.firstChild!;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 8);
        const target = placement === 'below' ? 200 : window.innerHeight - 30;
        window.scrollBy(0, range.getBoundingClientRect().bottom - target);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      }, placement);
      await page.locator(`[data-testid="selection-popup"][data-placement="${placement}"]`).waitFor();
      found[`selection tools (${placement}) at 390 px`] = await audit(page);
    }
    // The chapter is now in the reader's history: the book page offers "Đọc tiếp" with its title.
    await page.goto(`${baseURL}/sach/${longBook.code}`, { waitUntil: 'networkidle' });
    await page.getByTestId('continue-reading').waitFor();
    found['book page with "Đọc tiếp" at 390 px'] = await audit(page);
    await context.close();
    expect(report(found)).toBe('');
  });

  it('finds none with the desktop dropdown and the phone drawer open (menu badges read as words)', async () => {
    const found: Record<string, Finding[]> = {};
    const wide = await contextFor('anonymous', 1366);
    let page = await wide.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Menu chính' });
    await nav.getByRole('button', { name: 'Thư viện' }).click();
    // The count is part of the link's name in words, not a bare number.
    await nav.getByRole('link', { name: /^Sách \(\d+ cuốn sách\)$/ }).waitFor();
    found['dropdown at 1366 px'] = await audit(page);
    await wide.close();
    const narrow = await contextFor('anonymous', 390);
    page = await narrow.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await page.locator('#mobile-menu').waitFor();
    // The drawer slides in: audit it where it stops (mid-slide its colours blend with the page's).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    found['drawer at 390 px'] = await audit(page);
    await narrow.close();
    expect(report(found)).toBe('');
  });

  it('leads the keyboard to the main content first, with a visible focus ring', async () => {
    const context = await contextFor('anonymous', 390);
    const page = await context.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent,
        href: el.getAttribute('href'),
        outline: `${style.outlineStyle} ${style.outlineWidth}`,
        onScreen: box.top >= 0 && box.bottom <= window.innerHeight,
      };
    });
    expect(skip).toEqual({
      text: 'Chuyển đến nội dung chính',
      href: '#main',
      outline: 'solid 3px',
      onScreen: true,
    });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Every further stop on the page shows an outline (the :focus-visible rule of app/styles/app.css).
    const withoutRing: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const hasRing = (e: Element) => {
          const style = getComputedStyle(e);
          return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        };
        // A field inside a pill (the home search) may hand its ring to the pill around it.
        const ring = hasRing(el) || (el.parentElement !== null && hasRing(el.parentElement));
        return { ring, name: `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.trim().slice(0, 30)}` };
      });
      if (!stop.ring) withoutRing.push(stop.name);
    }
    expect(withoutRing).toEqual([]);
    await context.close();
  });

  it('turns transitions, animations and smooth scrolling off for readers who ask for less motion', async () => {
    const context = await contextFor('anonymous', 1366, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(baseURL, { waitUntil: 'networkidle' });
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          const style = getComputedStyle(el);
          const seconds = (list: string) => Math.max(...list.split(',').map((s) => parseFloat(s) || 0));
          return seconds(style.transitionDuration) > 0.01 || seconds(style.animationDuration) > 0.01;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(moving).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).not.toBe('smooth');
    // A scroll asked for by script jumps too (a smooth one would still be under way a frame later).
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.waitForFunction(() => document.querySelector('.scroll-to-top')?.hasAttribute('data-visible'));
    await page.getByRole('button', { name: 'Lên đầu trang' }).click();
    expect(await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(window.scrollY))))).toBe(0);
    await context.close();
  });
});
