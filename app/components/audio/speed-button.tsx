import { useEffect, useState } from 'react';
import { formatNumber } from '#app/lib/format.ts';
import { player, saveRate, savedRate, usePlayer } from '#app/lib/player-store.ts';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function formatSpeed(rate: number): string {
  return `${formatNumber(rate)}×`;
}

/** The speed after `rate` in SPEEDS, back to the slowest after the fastest. */
export function nextSpeed(rate: number): number {
  return SPEEDS.find((s) => s > rate + 0.001) ?? SPEEDS[0];
}

/**
 * The playback speed as one small button that steps 0,75× → 1× → … → 2× → 0,75×: it fits the
 * player bar and the talk card at every width, where a select did not (a phone had no speed).
 * Each talk keeps its own speed on the device (player-store.ts): on a talk's page that is not
 * playing, the button shows and sets that talk's speed.
 */
export function SpeedButton({ className, testId, talkId }: { className: string; testId: string; talkId?: number }) {
  const state = usePlayer();
  const isCurrent = talkId === undefined || state.queue[state.index]?.id === talkId;
  // Read from the device after hydration (the server knows only 1×).
  const [stored, setStored] = useState(1);
  useEffect(() => {
    if (talkId !== undefined && !isCurrent) setStored(savedRate(talkId));
  }, [talkId, isCurrent]);
  const rate = isCurrent ? state.rate : stored;
  const change = (next: number) => {
    if (isCurrent) player.setRate(next);
    else if (talkId !== undefined) {
      saveRate(talkId, next);
      setStored(next);
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => change(nextSpeed(rate))}
      aria-label={`Tốc độ ${formatSpeed(rate)}, bấm để đổi sang ${formatSpeed(nextSpeed(rate))}`}
      data-testid={testId}
    >
      {formatSpeed(rate)}
    </button>
  );
}
