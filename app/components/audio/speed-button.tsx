import { player, usePlayer } from '#app/lib/player-store.ts';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function formatSpeed(rate: number): string {
  return `${rate.toLocaleString('vi-VN')}×`;
}

/** The speed after `rate` in SPEEDS, back to the slowest after the fastest. */
export function nextSpeed(rate: number): number {
  return SPEEDS.find((s) => s > rate + 0.001) ?? SPEEDS[0];
}

/**
 * The playback speed as one small button that steps 0,75× → 1× → … → 2× → 0,75×: it fits the
 * player bar and the talk card at every width, where a select did not (a phone had no speed).
 */
export function SpeedButton({ className, testId }: { className: string; testId: string }) {
  const { rate } = usePlayer();
  return (
    <button
      type="button"
      className={className}
      onClick={() => player.setRate(nextSpeed(rate))}
      aria-label={`Tốc độ ${formatSpeed(rate)}, bấm để đổi sang ${formatSpeed(nextSpeed(rate))}`}
      data-testid={testId}
    >
      {formatSpeed(rate)}
    </button>
  );
}
