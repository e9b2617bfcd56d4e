/**
 * Business constants of product spec §9 (and the few of §2–§4 that the UI needs).
 * Change them here only; browser and server read the same values.
 */

export const SITE_NAME = 'Pháp Bảo';
export const SITE_TAGLINE = 'Thư viện Phật giáo tiếng Việt';
export const SITE_DESCRIPTION =
  'Pháp Bảo — thư viện Phật giáo tiếng Việt: kinh sách đọc theo chương, pháp âm, video, tin tức và trích dẫn, tìm được cả khi gõ không dấu.';

/** Home page: 7 random suggestions from a fixed list of 70. */
export const HOME_KEYWORD_COUNT = 70;
export const HOME_KEYWORDS_SHOWN = 7;
/** The passage of the day shows at most this many characters of meaning, so it stays short on a phone. */
export const FEATURED_PASSAGE_MAX_CHARACTERS = 280;

/** Footer: one random teaching quote from a fixed list of seven. */
export const FOOTER_QUOTE_COUNT = 7;

/** Reader font-size levels 1..10 → pixels. */
export const FONT_SIZE_PX = [11, 12, 13, 14, 15, 17, 19, 21, 23, 25] as const;
export const FONT_LEVEL_MIN = 1;
export const FONT_LEVEL_MAX = 10;

/** Page sizes. */
export const BOOK_LIBRARY_PAGE_SIZE = 50;
export const AUDIO_LIBRARY_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE = 1;
/** Upper bound for any page size a caller may ask for. */
export const MAX_PAGE_SIZE = 100;

/** Toasts appear bottom-left and last this long. */
export const TOAST_DURATION_MS = 5000;

/** Session token lifetime: one year. */
export const TOKEN_LIFETIME_SECONDS = 31_536_000;
/** A session not used for this many days ends before its year is out. */
export const SESSION_IDLE_DAYS = 60;
/**
 * How long a deleted note's words are kept beside its removal, so that an edit made offline after
 * the deletion can bring it back (decision 0049); then only the time of the removal stays.
 */
export const REMOVED_NOTE_KEEP_DAYS = 30;
/**
 * How long a change made offline may wait on its device and still be applied: older, the server
 * refuses it (409). So a removal it could lose to need be kept only this long, and then the server
 * deletes it (decision 0049, SECURITY.md).
 */
export const OFFLINE_WRITE_MAX_AGE_DAYS = 60;
/** Each server process deletes the removals past their time at start and then this often. */
export const REMOVALS_PRUNE_EVERY_MS = 3_600_000;
/** How long a password-reset link works (once). */
export const PASSWORD_RESET_MINUTES = 30;
/**
 * The cookie (path /login) holding the secret of a social login started in this browser: only
 * that browser can exchange the login code the provider's callback hands out.
 */
export const LOGIN_BINDING_COOKIE = 'pb_login_binding';
/** The session cookie of the web pages (HttpOnly); its presence alone keeps a request out of the page cache. */
export const SESSION_COOKIE_NAME = 'pb_token';

/** Data fetching. A page's secondary data not there in this time is left out (app/lib/budget.server.ts). */
export const CONTENT_PREFETCH_TIMEOUT_MS = 2000;
export const DATA_FETCH_MIN_DELAY_MS = 200;

/** Top loading bar: starts after a delay, rises over about 5 s, hides after finishing. */
export const LOADING_BAR_DELAY_MS = 200;
export const LOADING_BAR_RISE_MS = 5000;
export const LOADING_BAR_HIDE_MS = 500;

/** A chunk-load failure reloads the page at most once per this interval. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** Breakpoints (px). The mobile layout (header + bottom bar) applies at 1024 px or less. */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export const MOBILE_LAYOUT_MAX_WIDTH = 1024;

/** Image presets (cover fit). */
export const IMAGE_PRESETS = {
  avatar: { width: 50, height: 50, fit: 'cover' },
  bookCover: { width: 300, height: 400, fit: 'cover' },
  // An article's cover: the proportions share previews use (Open Graph), shown above the article.
  articleCover: { width: 1200, height: 630, fit: 'cover' },
} as const;

/**
 * Image CDN domains allow-listed for images inside stored HTML (articles): beside our own
 * `/media/…` files, only these hosts may serve an `<img>` (https only). The one list; the HTML
 * sanitiser (server/lib/sanitize-html.ts) reads it.
 */
export const IMAGE_HOSTS = ['upload.wikimedia.org'] as const;

/** Search types and modes of the /search page. */
export const SEARCH_TYPES = ['all', 'book', 'video', 'audio', 'transcript'] as const;
export const SEARCH_MODES = ['strict', 'broad'] as const;
export const DEFAULT_SEARCH_MODE = 'strict';

/** Library kinds (`loai`). */
export const LIBRARY_KINDS = ['book', 'phap-am'] as const;

/**
 * What one account may keep and how fast it may write: notes and note groups have caps like the
 * playlists' (common/contracts/playlist.schema.ts); every write to a reader's own things (notes,
 * groups, playlists, bookmarks, saved searches, saved books) counts against one budget a minute.
 */
export const MAX_NOTES_PER_ACCOUNT = 5000;
export const MAX_NOTE_GROUPS_PER_ACCOUNT = 200;
export const OWNED_WRITES_PER_MINUTE = 120;

/** A page of my notes (in a book, or in no group): this many unless asked, at most MAX_PAGE_SIZE. */
export const MY_NOTES_PAGE_SIZE = 50;

/** Largest JSON body the API accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
