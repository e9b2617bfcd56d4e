import { useEffect, useState } from 'react';
import { DOWNLOADS_CACHE } from '#app/lib/offline-cache.ts';

export type OfflineState = 'none' | 'button' | 'asked' | 'downloaded';

/**
 * After hydration, in a browser with a service worker and the Cache API: the download button, and
 * the download's code only once it is pressed or when the thing is already downloaded (its record
 * `recordPath` is in the downloads cache). The server renders nothing. Decisions 0025 and 0030.
 */
export function useOfflineState(recordPath: string): [OfflineState, (state: OfflineState) => void] {
  const [state, setState] = useState<OfflineState>('none');
  useEffect(() => {
    if (!('caches' in window && 'serviceWorker' in navigator)) return;
    setState('button');
    let live = true;
    void caches
      .match(recordPath, { cacheName: DOWNLOADS_CACHE })
      .then((record) => {
        if (record && live) setState('downloaded');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [recordPath]);
  return [state, setState];
}
