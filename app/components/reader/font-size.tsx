import { useEffect, useState } from 'react';
import { FONT_LEVEL_MAX, FONT_LEVEL_MIN, FONT_SIZE_PX } from '#common/constants.ts';

const STORAGE_KEY = 'phap-bao:font-level';
export const DEFAULT_FONT_LEVEL = 7;

/** The reader's text size, level 1..10 (11 to 25 px), remembered on this device. */
export function useFontLevel(): [number, (level: number) => void] {
  const [level, setLevel] = useState(DEFAULT_FONT_LEVEL);
  useEffect(() => {
    try {
      const stored = Number(localStorage.getItem(STORAGE_KEY));
      if (Number.isInteger(stored) && stored >= FONT_LEVEL_MIN && stored <= FONT_LEVEL_MAX) setLevel(stored);
    } catch {
      // No storage (private mode): the default size.
    }
  }, []);
  const update = (next: number) => {
    const clamped = Math.min(FONT_LEVEL_MAX, Math.max(FONT_LEVEL_MIN, next));
    setLevel(clamped);
    try {
      localStorage.setItem(STORAGE_KEY, String(clamped));
    } catch {
      // See above.
    }
  };
  return [level, update];
}

export function fontSizeOf(level: number): number {
  return FONT_SIZE_PX[level - 1] ?? 19;
}

/** A− and A+ with the current level between them. */
export function FontSizeControl({ level, onChange }: { level: number; onChange: (level: number) => void }) {
  return (
    <div className="font-size-control" role="group" aria-label="Cỡ chữ">
      <button
        type="button"
        className="font-size-button"
        disabled={level <= FONT_LEVEL_MIN}
        onClick={() => onChange(level - 1)}
      >
        {/* "A−" is a symbol; the words are the name (an aria-label would leave the visible "A" out). */}
        <span aria-hidden="true">A−</span>
        <span className="visually-hidden">Chữ nhỏ hơn</span>
      </button>
      <span className="font-size-level" aria-live="polite" data-testid="font-level">
        {level}/{FONT_LEVEL_MAX}
      </span>
      <button
        type="button"
        className="font-size-button font-size-bigger"
        disabled={level >= FONT_LEVEL_MAX}
        onClick={() => onChange(level + 1)}
      >
        <span aria-hidden="true">A+</span>
        <span className="visually-hidden">Chữ lớn hơn</span>
      </button>
    </div>
  );
}
