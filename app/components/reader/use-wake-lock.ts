import { useEffect, useState } from 'react';

const KEEP_AWAKE_KEY = 'phap-bao:keep-awake';

/** "Giữ màn hình sáng", remembered on the device; read after hydration (the server renders it off). */
export function useKeepAwake(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    try {
      setOn(localStorage.getItem(KEEP_AWAKE_KEY) === '1');
    } catch {
      // No storage: off.
    }
  }, []);
  useWakeLock(on);
  const change = (next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(KEEP_AWAKE_KEY, '1');
      else localStorage.removeItem(KEEP_AWAKE_KEY);
    } catch {
      // No storage: kept until the page is left.
    }
  };
  return [on, change];
}

/**
 * Keeps the screen on while `on` (reading or chanting with the phone on a stand): a screen wake
 * lock, asked again when the page comes back into view (the browser drops it when the page is
 * hidden), released when turned off or when the page is left.
 */
export function useWakeLock(on: boolean) {
  useEffect(() => {
    if (!on || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let active = true;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      navigator.wakeLock.request('screen').then(
        (s) => {
          if (active) sentinel = s;
          else void s.release();
        },
        () => {
          // Refused (battery saver, no permission): the screen sleeps as usual.
        },
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') acquire();
      else if (sentinel && !sentinel.released) void sentinel.release();
    };
    acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, [on]);
}
