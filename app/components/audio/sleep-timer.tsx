import { useEffect, useRef, useState } from 'react';
import { formatClock } from '#common/clock.ts';
import { MoonIcon } from '#app/components/ui/icons.tsx';
import { player, usePlayer } from '#app/lib/player-store.ts';

export const SLEEP_MINUTES = [15, 30, 45, 60] as const;

/**
 * "Hẹn giờ tắt": a moon that opens a short list (15, 30, 45, 60 minutes, the end of the talk,
 * cancel) and, once set, shows the time left (or "Hết bài") beside it. The timer itself is the
 * player store's, so the player bar and the talk page show the same one.
 */
export function SleepTimerButton({
  className,
  testId,
  opensUp,
  end = 'Hết bài',
}: {
  className: string;
  testId: string;
  opensUp?: boolean;
  /** The end it stops at: of the talk, or of the chapter read aloud. */
  end?: string;
}) {
  const { sleep, sleepLeft } = usePlayer();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const choose = (choice: number | 'end' | null) => {
    player.setSleepTimer(choice);
    setOpen(false);
  };
  const left = sleepLeft !== null ? formatClock(sleepLeft) : sleep ? end : null;
  return (
    <div className={`sleep-timer ${className}${opensUp ? ' sleep-timer-up' : ''}`} ref={ref}>
      <button
        type="button"
        className="sleep-timer-button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid={testId}
        data-active={sleep ? '' : undefined}
      >
        <MoonIcon size={18} />
        <span className="visually-hidden">{left ? 'Hẹn giờ tắt, còn ' : 'Hẹn giờ tắt'}</span>
        {left ? <span className="sleep-timer-left">{left}</span> : null}
      </button>
      {open ? (
        <div className="sleep-timer-menu" role="group" aria-label="Dừng phát sau">
          {SLEEP_MINUTES.map((minutes) => (
            <button key={minutes} type="button" onClick={() => choose(minutes)}>
              {minutes} phút
            </button>
          ))}
          <button type="button" onClick={() => choose('end')}>
            {end}
          </button>
          {sleep ? (
            <button type="button" className="sleep-timer-cancel" onClick={() => choose(null)}>
              Tắt hẹn giờ
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
