import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_BAR_DELAY_MS, LOADING_BAR_HIDE_MS, LOADING_BAR_RISE_MS } from '#common/constants.ts';

type Phase = 'idle' | 'rising' | 'done';

/**
 * The top loading bar: appears only when a navigation lasts over 200 ms, rises over about 5 s,
 * fills and fades 500 ms after the navigation finishes.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('rising'), LOADING_BAR_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'rising' ? 'done' : 'idle'));
  }, [busy]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setPhase('idle'), LOADING_BAR_HIDE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div
      className="loading-bar"
      data-phase={phase}
      role="progressbar"
      aria-hidden={phase === 'idle'}
      aria-label="Đang tải trang"
      style={
        { '--rise-ms': `${LOADING_BAR_RISE_MS}ms`, '--hide-ms': `${LOADING_BAR_HIDE_MS}ms` } as React.CSSProperties
      }
    />
  );
}
