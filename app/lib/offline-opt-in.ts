/**
 * Every reader's browser runs the service worker, which keeps only the offline page (a few KiB)
 * until the reader asks for offline reading: a download then has it precache the app shell
 * (~0.6 MB), a cost a reader on a phone plan pays only after asking. The page marks the device here
 * (localStorage, read synchronously by the pages) and in the Cache Storage (read by the worker at
 * install, which has no localStorage). Decisions 0025, 0053.
 */
const OPT_IN_KEY = 'phap-bao:offline-reading';

export function hasOptedIntoOffline(): boolean {
  try {
    return localStorage.getItem(OPT_IN_KEY) === '1';
  } catch {
    return false; // storage refused (private mode)
  }
}

/** Marks the device as reading offline, for the pages (app/lib/offline-shell.ts marks it for the worker). */
export function markOptedIntoOffline(): void {
  try {
    localStorage.setItem(OPT_IN_KEY, '1');
  } catch {
    // Storage refused: the worker still keeps the shell, marked in the Cache Storage.
  }
}

/**
 * Set while writes made offline wait in IndexedDB (app/lib/offline-write-queue.ts, decision 0030):
 * the chapter and downloads pages then send them when the network is there, without loading the
 * queue otherwise.
 */
const QUEUED_KEY = 'phap-bao:queued-writes';

export function hasQueuedWrites(): boolean {
  try {
    return localStorage.getItem(QUEUED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Said on the page's window when the queue changed (a write kept, sent or dropped): the parts that
 * show what still waits (app/components/offline/use-waiting-writes.ts) read it again.
 */
export const QUEUE_CHANGED_EVENT = 'phap-bao:queue-changed';

export function markQueuedWrites(queued: boolean): void {
  try {
    if (queued) localStorage.setItem(QUEUED_KEY, '1');
    else localStorage.removeItem(QUEUED_KEY);
  } catch {
    // Storage refused: the page that queued sends them itself when the network returns.
  }
}

/**
 * Where a talk stopped while the account could not be told (offline, decision 0039), by talk code
 * with the time of the change: kept here by the player (no queue code on every page) and moved
 * into the offline queue when a page sends it.
 */
const UNSENT_PLAYBACK_KEY = 'phap-bao:unsent-playback';

export type UnsentPlayback = Record<string, { currentTime: number; changedAt: string }>;

export function keepUnsentPlayback(code: string, currentTime: number): void {
  try {
    const unsent = JSON.parse(localStorage.getItem(UNSENT_PLAYBACK_KEY) ?? '{}') as UnsentPlayback;
    unsent[code] = { currentTime, changedAt: new Date().toISOString() };
    localStorage.setItem(UNSENT_PLAYBACK_KEY, JSON.stringify(unsent));
    markQueuedWrites(true);
  } catch {
    // No storage: the place stays on this device only (the player keeps its own copy).
  }
}

/** The places kept by `keepUnsentPlayback`, taken out (none in a worker, which has no storage). */
export function takeUnsentPlayback(): UnsentPlayback {
  try {
    const unsent = JSON.parse(localStorage.getItem(UNSENT_PLAYBACK_KEY) ?? '{}') as UnsentPlayback;
    localStorage.removeItem(UNSENT_PLAYBACK_KEY);
    return unsent;
  } catch {
    return {};
  }
}
