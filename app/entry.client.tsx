import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { hasQueuedWrites } from './lib/offline-opt-in.ts';
import { hydrateDocumentWithPreact } from './lib/preact-document.ts';

// React Router's default browser entry, except that it waits for the page's loader data first.
// HydratedRouter's first render suspends (throws a promise) until React Router has decoded the data
// embedded in the page: React waits at its root and keeps the server's HTML; Preact, which renders in
// the browser (docs/decisions/0016-first-load-javascript.md), has no root to wait at and would throw
// the page away. Calling the component once starts that decoding and hands us the promise; it
// throws before its first hook, so it is safe outside a render.
async function pageDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    // Anything else is thrown again by the real render below, where the error page handles it.
  }
}

hydrateDocumentWithPreact();

// The service worker (decisions 0025, 0053), registered for every reader once the page has loaded
// and the browser is idle, in the production build only: it keeps the offline page (a few KiB; the
// whole app shell only on a device that has downloaded something, app/lib/offline-shell.ts), so a
// page not downloaded never shows the browser's own error page offline. Offline, a link opens the
// whole page, which the worker answers from the downloads or with the offline page: React Router
// would ask the network for the next page's data instead.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 0);
  // React Router imports this module dynamically: the page may have loaded already.
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  document.addEventListener(
    'click',
    (event) => {
      if (navigator.onLine || !navigator.serviceWorker.controller) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== location.origin) return;
      event.preventDefault();
      location.assign(link.href);
    },
    true,
  );
}

// Writes made offline wait in the browser's queue (decision 0039): whichever page is open sends them
// when the network is there, on load and on `online` — a talk's place the player kept, a bookmark or
// a saved book of a page closed since. The worker's Background Sync may send them too; a second
// sender finds the queue empty (Web Locks). The queue's code loads only then.
function sendQueuedWrites(): void {
  if (navigator.onLine && hasQueuedWrites())
    void import('./components/offline/offline-keep.ts').then((keep) => keep.sendWaitingWrites()).catch(() => undefined);
}
sendQueuedWrites();
window.addEventListener('online', sendQueuedWrites);

// The browser evaluates the page's modules in one task; hydrating in the next one keeps each under
// what a phone runs without blocking a tap for long (Lighthouse's Total Blocking Time, decision 0034).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Creating the router (its routes, the matches, the browser history) is a third of the hydration
// task's work: done in a task of its own. HydratedRouter creates it on its first call, before its
// first hook, then throws there (hooks outside a render); in development React would also log that.
function createRouterAhead(): void {
  if (!import.meta.env.PROD) return;
  try {
    HydratedRouter({});
  } catch {
    // Expected: the first hook, called outside a render. The router is made and kept.
  }
}

void pageDataDecoded()
  .then(nextTask)
  .then(createRouterAhead)
  .then(nextTask)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
