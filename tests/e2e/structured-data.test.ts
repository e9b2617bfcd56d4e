import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { validateJsonLd } from './support/schema-org.ts';

const baseURL = inject('baseURL');

/** The first address of the sitemap matching `pattern`, as a path on this server. */
function firstOf(locs: string[], pattern: RegExp, what: string): string {
  const found = locs.find((l) => pattern.test(new URL(l).pathname + new URL(l).search));
  if (!found) throw new Error(`no ${what} in the sitemap`);
  const url = new URL(found);
  return url.pathname + url.search;
}

interface Head {
  jsonLd: unknown[];
  canonical: string[];
  og: Record<string, string[]>;
}

async function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const og: Record<string, string[]> = {};
    for (const meta of document.querySelectorAll('meta[property^="og:"]')) {
      const key = meta.getAttribute('property')!;
      (og[key] ??= []).push(meta.getAttribute('content') ?? '');
    }
    return {
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? 'null'),
      ),
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
      og,
    };
  });
}

describe('structured data and share previews of the content pages', () => {
  let browser: Browser;
  let locs: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  });
  afterAll(async () => {
    await browser.close();
  });

  /** Opens `path` as a phone does and returns its head, after hydration (meta re-rendered in the browser). */
  async function open(path: string, width = 390): Promise<{ page: Page; head: Head; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const errors = watchPageErrors(page);
    const res = await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
    expect(res?.status(), path).toBe(200);
    return { page, head: await readHead(page), errors };
  }

  /** og:url and the canonical link: one each, absolute on this server, equal; og:image absolute too. */
  function expectShareTags(head: Head, path: string, canonicalPath: string) {
    expect(head.canonical, path).toEqual([`${baseURL}${canonicalPath}`]);
    expect(head.og['og:url'], path).toEqual(head.canonical);
    for (const key of ['og:title', 'og:description', 'og:type', 'og:image']) {
      expect(head.og[key]?.length, `${path} ${key}`).toBe(1);
      expect(head.og[key]![0]!.trim(), `${path} ${key}`).not.toBe('');
    }
    expect(head.og['og:image']![0]!.startsWith(`${baseURL}/`), path).toBe(true);
  }

  it('gives a book page a valid Book with its chapters, and a chapter page a Chapter of that Book', async () => {
    const bookPath = firstOf(locs, /^\/sach\/[^/]+$/, 'book');
    const { page, head, errors } = await open(bookPath);
    expectShareTags(head, bookPath, bookPath);
    expect(head.og['og:type']).toEqual(['book']);
    expect(head.jsonLd).toHaveLength(1);
    const book = head.jsonLd[0] as { hasPart: { url: string; name: string }[]; url: string; name: string };
    expect(validateJsonLd(book, 'Book', ['name', 'url', 'inLanguage', 'author', 'license', 'hasPart'])).toEqual([]);
    expect(book.url).toBe(head.canonical[0]);
    expect(book.hasPart.length).toBeGreaterThan(0);
    // Its chapters are the book's contents on the page, in order.
    const tocLinks = await page
      .locator(`a[href$="${bookPath.slice('/sach'.length)}"]`)
      .evaluateAll((links) => links.map((l) => (l as HTMLAnchorElement).href));
    for (const chapter of book.hasPart) expect(tocLinks).toContain(chapter.url);
    await screenshot(page, 'structured-data-book-390');
    expect(errors).toEqual([]);
    await page.close();

    const chapterPath = new URL(book.hasPart[0]!.url).pathname;
    const chapter = await open(chapterPath, 320);
    expectShareTags(chapter.head, chapterPath, chapterPath);
    expect(chapter.head.jsonLd).toHaveLength(1);
    const ld = chapter.head.jsonLd[0] as { isPartOf: { url: string; name: string } };
    expect(validateJsonLd(ld, 'Chapter', ['name', 'url', 'isPartOf', 'position', 'inLanguage'])).toEqual([]);
    expect(ld.isPartOf).toMatchObject({ '@type': 'Book', url: book.url, name: book.name });
    await chapter.page.close();
  });

  it('gives a talk page a PodcastEpisode whose AudioObject plays, with its duration and transcript', async () => {
    const talkPath = firstOf(locs, /^\/phap-am\/\d+\?nghe=\d+$/, 'talk');
    const { page, head, errors } = await open(talkPath);
    expectShareTags(head, talkPath, talkPath);
    expect(head.og['og:audio']?.length).toBe(1);
    expect(head.og['og:audio']![0]!.startsWith(`${baseURL}/media/`)).toBe(true);
    expect(head.jsonLd).toHaveLength(1);
    const episode = head.jsonLd[0] as {
      url: string;
      associatedMedia: { contentUrl: string; duration: string; transcript: string };
      partOfSeries: { webFeed: string };
    };
    expect(validateJsonLd(episode, 'PodcastEpisode', ['name', 'url', 'partOfSeries', 'associatedMedia'])).toEqual([]);
    expect(episode.url).toBe(head.canonical[0]);
    const audio = episode.associatedMedia;
    expect(
      validateJsonLd({ '@context': 'https://schema.org', ...audio }, 'AudioObject', [
        'contentUrl',
        'duration',
        'transcript',
      ]),
    ).toEqual([]);
    expect(audio.contentUrl).toBe(head.og['og:audio']![0]);
    // The file is there, and the transcript is the words the page shows.
    expect((await fetch(audio.contentUrl, { method: 'HEAD' })).status).toBe(200);
    const firstLine =
      (await page.locator('[data-testid="transcript"] .talk-cue-text').first().textContent())?.trim() ?? '';
    expect(firstLine.length).toBeGreaterThan(0);
    expect(audio.transcript).toContain(firstLine);
    expect((await fetch(episode.partOfSeries.webFeed)).headers.get('content-type')).toContain('application/rss+xml');
    await screenshot(page, 'structured-data-talk-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives a video page a complete VideoObject and its canonical address', async () => {
    const videoPath = firstOf(locs, /^\/videos\?xem=[a-z0-9-]+$/, 'video');
    const { page, head } = await open(`${videoPath}&t=3`, 1366);
    expectShareTags(head, videoPath, videoPath);
    expect(head.jsonLd).toHaveLength(1);
    expect(
      validateJsonLd(head.jsonLd[0], 'VideoObject', [
        'name',
        'description',
        'thumbnailUrl',
        'uploadDate',
        'contentUrl',
        'duration',
        'url',
      ]),
    ).toEqual([]);
    expect((head.jsonLd[0] as { url: string }).url).toBe(head.canonical[0]);
    await page.close();
  });

  it('gives an article page an Article with its own publication date', async () => {
    const articlePath = firstOf(locs, /^\/tin-tuc\/[a-z0-9-]+$/, 'article');
    const { page, head } = await open(articlePath);
    expectShareTags(head, articlePath, articlePath);
    expect(head.jsonLd).toHaveLength(1);
    const article = head.jsonLd[0] as { datePublished: string; url: string };
    expect(
      validateJsonLd(article, 'Article', ['headline', 'datePublished', 'dateModified', 'author', 'image', 'publisher']),
    ).toEqual([]);
    expect(article.url).toBe(head.canonical[0]);
    expect(Date.parse(article.datePublished)).toBeLessThan(Date.now() - 24 * 3600 * 1000);
    await page.close();
  });

  it('gives home, library and compilation pages an absolute canonical equal to og:url', async () => {
    const compilationPath = firstOf(locs, /^\/tong-hop\/\d+$/, 'compilation');
    for (const [path, canonical] of [
      ['/', '/'],
      ['/thu-vien?tim=kinh&page=1', '/thu-vien'],
      ['/thu-vien?loai=phap-am', '/thu-vien?loai=phap-am'],
      [compilationPath, compilationPath],
    ] as const) {
      const { page, head } = await open(path);
      expectShareTags(head, path, canonical);
      await page.close();
    }
  });
});
