import { afterAll, beforeAll, inject } from 'vitest';
import { siteBooks, type SiteBook } from '../../factories/site.ts';
import { adminToken } from './session.ts';

let token: Promise<string> | undefined;

/**
 * A published book this file's tests read, made on the shared server before them (`beforeAll`,
 * through the admin API: tests/factories/site.ts) and deleted after them (`afterAll`), so the files
 * that count the demo library see it alone. Call it at the top of the file (its hooks are the
 * file's) or inside a `describe`; the object returned is filled in when the tests run.
 */
export function bookForThisFile(options: Parameters<ReturnType<typeof siteBooks>['publishedBook']>[0]): SiteBook {
  const book = {} as SiteBook;
  let books: ReturnType<typeof siteBooks> | undefined;
  beforeAll(async () => {
    const baseURL = inject('baseURL');
    books = siteBooks(baseURL, await (token ??= adminToken(baseURL, inject('dataDir'))));
    Object.assign(book, await books.publishedBook(options));
  });
  afterAll(async () => {
    await books?.removeAll();
  });
  return book;
}
