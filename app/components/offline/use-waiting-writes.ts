import { useEffect, useState } from 'react';
import { hasQueuedWrites, QUEUE_CHANGED_EVENT } from '#app/lib/offline-opt-in.ts';
import type * as OfflineKeepModule from './offline-keep.ts';

type OfflineKeep = typeof OfflineKeepModule;

/**
 * What of the offline queue a part of the page shows (decision 0049): read from the queue when the
 * part renders and again whenever the queue changes, so a change made offline shows as the reader
 * left it after a reload and on any page, until it is sent. Null while nothing waits for this part.
 * The queue's code loads only while something waits (`phap-bao:queued-writes`). Once what waited is
 * sent, `whenSent` (the page's data loaded again) runs before the part shows the server's state.
 */
export function useWaitingWrites<T>(
  read: (keep: OfflineKeep) => Promise<T | null>,
  key: string | number,
  whenSent: () => Promise<unknown>,
): T | null {
  const [waiting, setWaiting] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    let shown = false;
    const refresh = () =>
      void (hasQueuedWrites() ? import('./offline-keep.ts').then(read) : Promise.resolve(null))
        .then(async (value) => {
          if (shown && value === null && navigator.onLine) await whenSent();
          shown = value !== null;
          if (live) setWaiting(() => value);
        })
        .catch(() => undefined);
    refresh();
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh);
    return () => {
      live = false;
      window.removeEventListener(QUEUE_CHANGED_EVENT, refresh);
    };
    // `read` and `whenSent` are the part's own; what they read changes with `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return waiting;
}
