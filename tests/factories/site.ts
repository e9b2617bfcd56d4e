import crypto from 'node:crypto';
import { ZAdminBookSchema, ZAdminChapterSchema } from '#common/contracts/book-admin.schema.ts';
import { type DictionarySummary, ZDictionarySummarySchema } from '#common/contracts/dictionary.schema.ts';
import { dictionaryTsv, type TestDictionaryEntry } from './dictionary-tsv.ts';

export interface SiteBook {
  id: number;
  code: string;
  title: string;
  chapters: { code: string; title: string }[];
  /** The first chapter's address: /{chapter code}/{book code}. */
  firstChapterPath: string;
}

/** A call to the running site's API as the administrator whose session `adminToken` is: its `data`. */
function adminCall(baseURL: string, adminToken: string) {
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { 'x-token': adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: unknown }).data;
  };
}

/**
 * Books made on a running site (the browser tests' shared server) through its administration API,
 * as an editor makes them; `adminToken` is an administrator's session. Each title ends with a new
 * number, so a browser test asserts on its own book and not on the demo's. The shared library is
 * the one other browser tests count: `removeAll()` (in `afterAll`) deletes what was made.
 */
export function siteBooks(baseURL: string, adminToken: string) {
  const made: number[] = [];
  const call = adminCall(baseURL, adminToken);

  return {
    /** A published book; each chapter's Markdown paragraphs become its paragraphs p-1, p-2, … */
    async publishedBook(
      options: { title?: string; chapters?: { title: string; markdown: string }[] } = {},
    ): Promise<SiteBook> {
      const title = `${options.title ?? 'Sách thử'} ${crypto.randomInt(1e6, 1e7)}`;
      const book = ZAdminBookSchema.parse(await call('POST', '/admin/books', { title, author: 'Tác giả thử' }));
      made.push(book.id);
      const chapters = [];
      for (const chapter of options.chapters ?? [{ title: 'Chương một', markdown: 'Như thị ngã văn.' }]) {
        chapters.push(ZAdminChapterSchema.parse(await call('POST', `/admin/book/${book.id}/chapters`, chapter)));
      }
      await call('POST', `/admin/book/${book.id}/publish`);
      return {
        id: book.id,
        code: book.code,
        title,
        chapters: chapters.map((c) => ({ code: c.code, title: c.title ?? '' })),
        firstChapterPath: `/${chapters[0]!.code}/${book.code}`,
      };
    },

    async removeAll(): Promise<void> {
      for (const id of made.splice(0)) await call('DELETE', `/admin/book/${id}`);
    },
  };
}

/**
 * A dictionary imported on a running site as an administrator imports one (a TSV file), under a
 * name with a new number; `remove()` (in `afterAll`) deletes it, so other files' look-ups are as before.
 */
export async function siteDictionary(
  baseURL: string,
  adminToken: string,
  options: { license: string; entries: TestDictionaryEntry[] },
): Promise<DictionarySummary & { remove(): Promise<void> }> {
  const call = adminCall(baseURL, adminToken);
  const content = dictionaryTsv(options.entries);
  const name = `Từ điển thử ${crypto.randomInt(1e6, 1e7)}`;
  const dictionary = ZDictionarySummarySchema.parse(
    await call('POST', '/admin/dictionaries', { name, license: options.license, format: 'tsv', content }),
  );
  return { ...dictionary, remove: async () => void (await call('DELETE', `/admin/dictionary/${dictionary.id}`)) };
}
