import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { lastListened } from '#app/lib/player-store.ts';
import { formatClock } from '#common/clock.ts';

/** What "continue listening" shows: a talk, its collection, where it stopped. */
export interface ListenedTalk {
  title: string;
  albumTitle: string;
  pageUrl: string;
  duration: number;
  /** Seconds. */
  at: number;
}

/**
 * "Continue listening" on the home page, for a returning reader: the talk this device listened to
 * last; when the device has none (a new phone, a cleared browser), the talk the reader's account
 * listened to last on any device.
 */
export function ContinueListening({ account }: { account: ListenedTalk | null }) {
  const [device, setDevice] = useState<ListenedTalk | null>(null);
  // The device's record is known only in the browser: read after hydration.
  useEffect(() => {
    const last = lastListened();
    if (last) setDevice({ ...last.talk, at: last.at });
  }, []);
  const shown = device ?? account;
  if (!shown) return null;
  return (
    <section className="continue-listening" aria-label="Nghe tiếp" data-testid="continue-listening">
      <p className="eyebrow">Nghe tiếp</p>
      <Link to={shown.pageUrl} className="continue-listening-link">
        <span className="continue-listening-title">{shown.title}</span>
        <span className="continue-listening-meta">
          {shown.albumTitle}
          {shown.at > 0 ? ` · dừng ở ${formatClock(shown.at)} / ${formatClock(shown.duration)}` : ''}
        </span>
      </Link>
    </section>
  );
}
