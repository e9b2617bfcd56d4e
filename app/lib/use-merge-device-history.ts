import { useEffect } from 'react';
import { clearDeviceHistory, readDeviceHistory } from './device-history.ts';

/** Once logged in, the history this browser kept joins the account's, then leaves the browser. */
export function useMergeDeviceHistory(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    const entries = readDeviceHistory();
    if (entries.length === 0) return;
    const body = new FormData();
    body.set('intent', 'merge');
    body.set('entries', JSON.stringify(entries));
    fetch('/reading-progress', { method: 'POST', body })
      .then((res) => {
        if (res.ok) clearDeviceHistory();
      })
      .catch(() => {
        // Offline: try again on the next page.
      });
  }, [loggedIn]);
}
