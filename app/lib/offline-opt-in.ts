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
