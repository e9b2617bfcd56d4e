import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';

const baseURL = inject('baseURL');
const ASSETS = path.resolve(import.meta.dirname, '..', '..', 'build', 'client', 'assets');
const CHAPTER = '/kinh-kim-cang-1/kinh-kim-cang';

// Only the subsets the site shows (app/styles/fonts.css, docs/decisions/0015-compression-and-fonts.md).
describe('web fonts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the build holds the reading font in two weights, upright and italic, and no other font file', () => {
    const fonts = fs.readdirSync(ASSETS).filter((name) => /\.(woff2?|ttf|otf)$/.test(name));
    expect(fonts.filter((name) => /cyrillic|greek|math|symbols|latin-ext/.test(name))).toEqual([]);
    expect(fonts.filter((name) => !/^noto-serif-(400|600)-(normal|italic)-[\w-]{8}\.woff2$/.test(name))).toEqual([]);
    for (const subset of [
      /^noto-serif-400-normal-.*\.woff2$/,
      /^noto-serif-600-normal-.*\.woff2$/,
      /^noto-serif-400-italic-.*\.woff2$/,
    ]) {
      expect(
        fonts.some((name) => subset.test(name)),
        String(subset),
      ).toBe(true);
    }
    // The interface is set in the device's own font (decision 0034): no interface web font is built.
    expect(fonts.filter((name) => name.startsWith('be-vietnam-pro'))).toEqual([]);
  });

  it('a chapter shows every Vietnamese letter in Noto Serif, downloading only the subsets it needs', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${CHAPTER}`, { waitUntil: 'networkidle' });
    const preloaded = await page.$$eval('link[rel="preload"][as="font"]', (links) =>
      links.map((l) => ({
        href: l.getAttribute('href'),
        type: l.getAttribute('type'),
        cors: l.getAttribute('crossorigin'),
      })),
    );
    expect(preloaded.map((l) => l.href?.replace(/-[\w-]{8}\.woff2$/, ''))).toEqual([
      '/assets/noto-serif-400-normal',
      '/assets/noto-serif-600-normal',
    ]);
    expect(preloaded.every((l) => l.type === 'font/woff2' && l.cors === 'anonymous')).toBe(true);

    const result = await page.evaluate(async () => {
      // Every Vietnamese letter: the vowels with each of the five tones, đ, the other consonants; both cases.
      const vowels = 'aăâeêioôơuưy';
      const tones = ['', '\u0300', '\u0301', '\u0309', '\u0303', '\u0323'];
      const letters = new Set<string>();
      for (const v of vowels + vowels.toUpperCase()) for (const t of tones) letters.add((v + t).normalize('NFC'));
      for (const c of 'bcdđghklmnpqrstvxBCDĐGHKLMNPQRSTVX') letters.add(c);
      const text = [...letters].join('');
      const body = document.querySelector('[data-testid="chapter-text"]')!;
      const family = getComputedStyle(body).fontFamily;
      await document.fonts.load('16px "Noto Serif Web"', text);
      await document.fonts.load('italic 16px "Noto Serif Web"', text);
      // Pali: upright in the footer quote and the home passage, italic where an article sets it so.
      const paliLetters = 'āīūṃṅṇñṭḍḷṛśṣḥĀṂ';
      await document.fonts.load('16px "Noto Serif Web"', paliLetters);
      await document.fonts.load('italic 16px "Noto Serif Web"', paliLetters);
      await document.fonts.ready;
      // A letter comes from the web font when its width does not depend on the fallback behind it.
      const ctx = document.createElement('canvas').getContext('2d')!;
      const width = (font: string, s: string) => {
        ctx.font = font;
        return ctx.measureText(s).width;
      };
      const missing = [...letters].filter(
        (ch) =>
          width('16px "Noto Serif Web", monospace', ch) !== width('16px "Noto Serif Web", sans-serif', ch) ||
          width('italic 16px "Noto Serif Web", monospace', ch) !==
            width('italic 16px "Noto Serif Web", sans-serif', ch),
      );
      const pali = [...paliLetters].filter(
        (ch) =>
          width('16px "Noto Serif Web", monospace', ch) !== width('16px "Noto Serif Web", sans-serif', ch) ||
          width('italic 16px "Noto Serif Web", monospace', ch) !==
            width('italic 16px "Noto Serif Web", sans-serif', ch),
      );
      // The check itself works: a Cyrillic letter, in none of the subsets, is told apart.
      const control =
        width('16px "Noto Serif Web", monospace', 'ж') !== width('16px "Noto Serif Web", sans-serif', 'ж');
      const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Serif Web');
      return {
        family,
        count: letters.size,
        missing,
        pali,
        control,
        checked: document.fonts.check('16px "Noto Serif Web"', 'Phật giáo Việt Nam ữ ỹ đ'),
        loaded: faces.filter((f) => f.status === 'loaded').length,
        // No face claims Chinese: the system's CJK font shows it.
        cjk: faces.filter((f) => /U\+(4E|[5-9][0-9A-F])[0-9A-F]{2}/i.test(f.unicodeRange)).length,
        fallbacks: [...document.fonts].filter((f) => f.family.replace(/"/g, '').endsWith('Fallback')).length,
        downloaded: performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => /\.woff2?$/.test(p)),
      };
    });
    expect(result.family).toMatch(/^"?Noto Serif Web"?, "?Noto Serif Fallback"?/);
    expect(result.count).toBe(12 * 2 * 6 + 34);
    expect(result.control).toBe(true);
    expect(result.missing).toEqual([]);
    expect(result.pali).toEqual([]);
    expect(result.checked).toBe(true);
    expect(result.loaded).toBeGreaterThanOrEqual(2);
    expect(result.cjk).toBe(0);
    expect(result.fallbacks).toBe(2);
    expect(result.downloaded.filter((p) => !/\/noto-serif-(400|600)-(normal|italic)-/.test(p))).toEqual([]);
    expect(result.downloaded.filter((p) => p.includes('latin-ext'))).toEqual([]);
    expect(errors).toEqual([]);
    await screenshot(page, 'fonts-chapter-390');
    await page.close();
  });

  // What a first visit downloads (the target: a chapter ≤ 250 KB): the reading font upright; italic
  // only where a page's own text is italic (decision 0015); no interface font (decision 0034).
  for (const [name, path] of [
    ['chapter', CHAPTER],
    ['home', '/'],
    ['book', '/sach/kinh-kim-cang'],
  ] as const) {
    it(`the ${name} page's first visit fetches the reading font upright, no italic face and no interface font`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
      const downloaded = await page.evaluate(async () => {
        await document.fonts.ready;
        return performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname.replace(/^\/assets\//, ''))
          .filter((p) => /\.(woff2?|ttf|otf)$/.test(p))
          .map((p) => p.replace(/-[\w-]{8}\.woff2?$/, ''))
          .sort();
      });
      expect(downloaded.filter((f) => f.includes('italic'))).toEqual([]);
      expect(downloaded).toContain('noto-serif-400-normal');
      expect(downloaded).toContain('noto-serif-600-normal');
      expect(downloaded.filter((f) => !f.startsWith('noto-serif-'))).toEqual([]);
      await page.close();
    });
  }
});
