import { type HighlightSegment, indexForms, queryWords, snippet } from '#common/text/search-tokens.ts';
import { DOWNLOADS_CACHE } from './offline-cache.ts';
import type { DownloadRecord } from './offline-books.ts';

/**
 * Search inside the downloaded books, without a network (decision 0030). Each downloaded book has a
 * small index beside its pages: every paragraph's text and its folded words, made with the words
 * search uses on the server (common/text/search-tokens.ts), so `phat giao` finds `Phật giáo` here
 * as it does there. Made when the book downloads (or at the first search, for a book downloaded
 * before); loaded only when the reader searches.
 */

export interface OfflineHit {
  bookTitle: string;
  chapterTitle: string;
  /** The chapter at the paragraph, the words painted (`?tim=`, as the server's search links). */
  href: string;
  snippet: HighlightSegment[];
}

interface BookIndex {
  code: string;
  title: string;
  chapters: { path: string; title: string; paragraphs: { id: string; text: string; folded: string }[] }[];
}

/** Results shown at most: enough for a reader to narrow the words. */
export const OFFLINE_HITS_MAX = 50;

const indexUrl = (code: string) => `/__ngoai-tuyen/chi-muc/${encodeURIComponent(code)}`;

/** Reads the paragraphs of the stored chapter pages and keeps their words beside them (and its size). */
export async function indexDownloadedBook(
  record: Pick<DownloadRecord, 'code' | 'title' | 'chapters'>,
): Promise<{ index: BookIndex; bytes: number }> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  const parser = new DOMParser();
  const chapters: BookIndex['chapters'] = [];
  for (const chapter of record.chapters) {
    const page = await cache.match(chapter.path);
    if (!page) continue;
    const doc = parser.parseFromString(await page.text(), 'text/html');
    const paragraphs = [...doc.querySelectorAll('[data-testid="chapter-text"] [id^="p-"]')].map((p) => {
      const text = (p.textContent ?? '').replace(/\s+/g, ' ').trim();
      return { id: p.id, text, folded: ` ${indexForms(text).folded} ` };
    });
    // The chapter's name as the reader sees it in the reading room, without its Classical Chinese one.
    doc.querySelector('#chapter-title .reader-title-han')?.remove();
    const title = doc.querySelector('#chapter-title')?.textContent?.trim() || record.title;
    chapters.push({ path: chapter.path, title, paragraphs: paragraphs.filter((p) => p.text !== '') });
  }
  const index: BookIndex = { code: record.code, title: record.title, chapters };
  const json = JSON.stringify(index);
  await cache.put(indexUrl(record.code), new Response(json, { headers: { 'Content-Type': 'application/json' } }));
  return { index, bytes: new Blob([json]).size };
}

export async function removeBookIndex(code: string): Promise<void> {
  await (await caches.open(DOWNLOADS_CACHE)).delete(indexUrl(code));
}

async function indexOf(record: DownloadRecord): Promise<BookIndex> {
  const stored = await (await caches.open(DOWNLOADS_CACHE)).match(indexUrl(record.code));
  return stored ? ((await stored.json()) as BookIndex) : (await indexDownloadedBook(record)).index;
}

/**
 * The paragraphs of the downloaded books holding the words of the query, together and in order
 * (the site's "Đúng cụm từ"), with or without diacritics; in the books' and chapters' order.
 */
export async function searchDownloads(
  query: string,
  books: DownloadRecord[],
): Promise<{ hits: OfflineHit[]; more: boolean }> {
  const folded = queryWords(query).folded;
  if (folded.length === 0) return { hits: [], more: false };
  const phrase = ` ${folded.join(' ')} `;
  const hits: OfflineHit[] = [];
  for (const record of books) {
    const index = await indexOf(record);
    for (const chapter of index.chapters) {
      for (const paragraph of chapter.paragraphs) {
        if (!paragraph.folded.includes(phrase)) continue;
        if (hits.length === OFFLINE_HITS_MAX) return { hits, more: true };
        hits.push({
          bookTitle: index.title,
          chapterTitle: chapter.title,
          href: `${chapter.path}?${new URLSearchParams({ tim: query })}#${paragraph.id}`,
          snippet: snippet(paragraph.text, { folded, phrase: true }),
        });
      }
    }
  }
  return { hits, more: false };
}
