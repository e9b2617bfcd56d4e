import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { lastListened, type PlayerTalk } from '#app/lib/player-store.ts';
import { formatClock } from '#common/clock.ts';

/** "Continue listening": the talk this device listened to last, for a returning reader (home page). */
export function ContinueListening() {
  const [last, setLast] = useState<{ talk: PlayerTalk; at: number } | null>(null);
  // Known only in the browser: read after hydration.
  useEffect(() => setLast(lastListened()), []);
  if (!last) return null;
  return (
    <section className="continue-listening" aria-label="Nghe tiếp" data-testid="continue-listening">
      <p className="eyebrow">Nghe tiếp</p>
      <Link to={last.talk.pageUrl} className="continue-listening-link">
        <span className="continue-listening-title">{last.talk.title}</span>
        <span className="continue-listening-meta">
          {last.talk.albumTitle}
          {last.at > 0 ? ` · dừng ở ${formatClock(last.at)} / ${formatClock(last.talk.duration)}` : ''}
        </span>
      </Link>
    </section>
  );
}
