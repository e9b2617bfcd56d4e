import { afterAll, beforeAll, inject } from 'vitest';
import {
  siteBooks,
  siteTalks,
  siteVideos,
  type SiteBook,
  type SiteTalkCollection,
  type SiteVideo,
} from '../../factories/site.ts';
import { adminToken } from './session.ts';

let token: Promise<string> | undefined;

/**
 * What `make` makes on the shared server before this file's tests (`beforeAll`, through the admin
 * API: tests/factories/site.ts), removed after them (`afterAll`), so the files that count the demo
 * library see it alone. The object returned is filled in when the tests run.
 */
function forThisFile<T extends object, F extends { removeAll(): Promise<void> }>(
  factory: (baseURL: string, adminToken: string) => F,
  make: (factory: F) => Promise<T>,
): T {
  const made = {} as T;
  let maker: F | undefined;
  beforeAll(async () => {
    const baseURL = inject('baseURL');
    maker = factory(baseURL, await (token ??= adminToken(baseURL, inject('dataDir'))));
    Object.assign(made, await make(maker));
  });
  afterAll(async () => {
    await maker?.removeAll();
  });
  return made;
}

/**
 * A published book this file's tests read. Call it at the top of the file (its hooks are the
 * file's) or inside a `describe`.
 */
export function bookForThisFile(options: Parameters<ReturnType<typeof siteBooks>['publishedBook']>[0]): SiteBook {
  return forThisFile(siteBooks, (books) => books.publishedBook(options));
}

/** A published book imported from a Markdown file (chapters stored as HTML, as the demo's); as `bookForThisFile`. */
export function importedBookForThisFile(
  options: Parameters<ReturnType<typeof siteBooks>['importedBook']>[0],
): SiteBook {
  return forThisFile(siteBooks, (books) => books.importedBook(options));
}

/** A published talk collection with uploaded talks that this file's tests play; as `bookForThisFile`. */
export function talkCollectionForThisFile(
  options: Parameters<ReturnType<typeof siteTalks>['publishedCollection']>[0],
): SiteTalkCollection {
  return forThisFile(siteTalks, (talks) => talks.publishedCollection(options));
}

/** A published video (an uploaded MP4 with its subtitles) that this file's tests watch; as `bookForThisFile`. */
export function videoForThisFile(options: Parameters<ReturnType<typeof siteVideos>['publishedVideo']>[0]): SiteVideo {
  return forThisFile(siteVideos, (videos) => videos.publishedVideo(options));
}
