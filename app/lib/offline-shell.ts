import { APP_SHELL_KEPT_MESSAGE, KEEP_APP_SHELL_MESSAGE, OFFLINE_READING_MARK_CACHE } from './offline-cache.ts';
import { markOptedIntoOffline } from './offline-opt-in.ts';

// Loaded with the download code only (app/lib/offline-books.ts, offline-talks.ts), not on every
// page: the first load keeps just the registration (app/entry.client.tsx). Decision 0053.

/**
 * Marks the device, registers the worker if need be and has the active worker store the whole app
 * shell: resolved once it is stored (every downloaded page then opens offline).
 */
export async function installOfflineWorker(): Promise<void> {
  markOptedIntoOffline();
  // Marked before registering: a worker installed from now on precaches everything at install.
  await caches.open(OFFLINE_READING_MARK_CACHE).catch(() => undefined);
  const registration = await navigator.serviceWorker.register('/sw.js').catch(() => null);
  // No worker (the development server builds none): the book is stored, offline links will not open.
  if (registration) await keepAppShell();
}

/** The worker's answer to KEEP_APP_SHELL_MESSAGE; false when it was replaced before answering. */
function askToKeepAppShell(worker: ServiceWorker): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data === APP_SHELL_KEPT_MESSAGE);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'redundant') resolve(false);
    });
    worker.postMessage(KEEP_APP_SHELL_MESSAGE, [channel.port2]);
  });
}

/** Until `worker` is the active one (or is replaced in turn). */
function activated(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => worker.state === 'activated' || worker.state === 'redundant';
    if (settled()) return resolve();
    worker.addEventListener('statechange', () => {
      if (settled()) resolve();
    });
  });
}

/**
 * Asks the active worker to store the app shell. A newer worker (a deploy) that installed before
 * the mark may have kept only the offline page: once it is active it is asked too. A few rounds at
 * most, each one a deploy during the download; failing (no network), the download fails with it.
 */
async function keepAppShell(): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return;
    const kept = await askToKeepAppShell(worker);
    const newer = registration.installing ?? registration.waiting;
    if (kept && !newer && registration.active === worker) return;
    if (newer) await activated(newer);
  }
  throw new Error('The service worker did not store the app shell');
}
