/**
 * The service worker precaches the app shell (~0.5 MB): a cost a reader on a phone plan pays only
 * after asking for offline reading. Downloading a book marks this device; from then on every page
 * load keeps the worker registered and up to date (decision 0025).
 */
const OPT_IN_KEY = 'phap-bao:offline-reading';

export function hasOptedIntoOffline(): boolean {
  try {
    return localStorage.getItem(OPT_IN_KEY) === '1';
  } catch {
    return false; // storage refused (private mode): no worker
  }
}

/** Marks the device, registers the worker and waits until it is active (offline pages answer). */
export async function installOfflineWorker(): Promise<void> {
  try {
    localStorage.setItem(OPT_IN_KEY, '1');
  } catch {
    // The worker still installs for this visit.
  }
  const registration = await navigator.serviceWorker.register('/sw.js').catch(() => null);
  // No worker (the development server builds none): the book is stored, offline links will not open.
  if (registration) await navigator.serviceWorker.ready;
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
