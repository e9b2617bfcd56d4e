/**
 * Names shared by the service worker (app/service-worker/service-worker.ts) and the pages that
 * download books (app/lib/offline-books.ts); no DOM or worker types here, both import it.
 * Decision 0025.
 */

/**
 * Downloaded books: their pages, the hashed assets and pictures those pages name, and one record per
 * book. Not tied to a build: a page keeps the asset names it was rendered with, and hashed names
 * never change meaning, so an old page never runs a new script (nor a new page an old one).
 */
export const DOWNLOADS_CACHE = 'phap-bao-downloads-v1';

/**
 * The mark of a device that reads offline (it has downloaded something): a cache of this name,
 * empty. Made by the page that downloads and by the worker when asked to keep the app shell; the
 * worker reads it at install, where it has no localStorage (decision 0053).
 */
export const OFFLINE_READING_MARK_CACHE = 'phap-bao-offline-reading';

/** Asks the active worker to precache the whole app shell (a MessagePort for the answer). */
export const KEEP_APP_SHELL_MESSAGE = 'phap-bao:keep-app-shell';

/** The worker's answer on that port once the whole app shell is in its precache. */
export const APP_SHELL_KEPT_MESSAGE = 'phap-bao:app-shell-kept';

/** Where the record of a downloaded book is kept in DOWNLOADS_CACHE (never a real address). */
export const DOWNLOAD_RECORD_PREFIX = '/__ngoai-tuyen/sach/';

/** Where the record of a downloaded talk is kept in DOWNLOADS_CACHE (decision 0030). */
export const TALK_RECORD_PREFIX = '/__ngoai-tuyen/bai-giang/';

/** The pieces of a talk's audio while it downloads (a broken download resumes from them). */
export const AUDIO_PART_PREFIX = '/__ngoai-tuyen/phan';

/** The page shown for an address that was not downloaded, when there is no network. */
export const OFFLINE_PAGE_PATH = '/ngoai-tuyen';

/** The site's search: offline, the worker sends it to the search in the downloads (`?tim=`). */
export const SEARCH_PAGE_PATH = '/search';

/** The list of downloaded books. */
export const DOWNLOADS_PAGE_PATH = '/tai-ve';

/**
 * The two pages above as the service worker precaches them: under their own key, so that online
 * the reader always gets the live page and the precached copy is only a fallback.
 */
export const PRECACHED_PAGE_QUERY = '?ban-luu';
