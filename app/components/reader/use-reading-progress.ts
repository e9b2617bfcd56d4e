import { useEffect, useState } from 'react';
import type { HistoryEntry } from '#common/contracts/history.schema.ts';
import { recordDeviceHistory } from '#app/lib/device-history.ts';
import { loadQueue } from './use-offline-highlights.ts';

interface Place {
  bookCode: string;
  bookTitle: string;
  chapterCode: string;
  chapterTitle: string | null;
  chapterPosition: number;
}

const SAVE_AFTER_SCROLL_MS = 2000;

/**
 * Without a network the place waits in the offline queue (decision 0039), replacing an older place
 * in the same book, and goes to the account when the network returns unless the account has read
 * further since (the newest wins).
 */
async function keepReadingPlace(entry: HistoryEntry): Promise<void> {
  const queue = await loadQueue();
  await queue.queueWrite(
    { kind: 'reading-position', clientId: crypto.randomUUID(), entry },
    (waiting) => waiting.kind === 'reading-position' && waiting.entry.bookCode === entry.bookCode,
  );
}

/** The first paragraph whose text is still on screen below the header. */
function currentParagraph(container: HTMLElement): string | null {
  for (const p of container.querySelectorAll<HTMLElement>('p[id^="p-"]')) {
    if (p.getBoundingClientRect().bottom > 90) return p.id;
  }
  return null;
}

/**
 * Remembers where the reader is: on the server for a logged-in reader (posted in the background),
 * in this browser otherwise (merged into the account at login).
 */
export function useReadingProgress(containerRef: React.RefObject<HTMLElement | null>, place: Place, loggedIn: boolean) {
  const { bookCode, bookTitle, chapterCode, chapterTitle, chapterPosition } = place;
  useEffect(() => {
    const save = () => {
      const container = containerRef.current;
      const paragraph = container ? currentParagraph(container) : null;
      const entry = {
        bookCode,
        bookTitle,
        chapterCode,
        chapterTitle,
        chapterPosition,
        paragraph,
        readAt: new Date().toISOString(),
      };
      if (loggedIn) {
        const body = new FormData();
        body.set('chapterCode', chapterCode);
        if (paragraph) body.set('paragraph', paragraph);
        const keep = () => void keepReadingPlace(entry).catch(() => undefined);
        if (!navigator.onLine) keep();
        else
          void fetch('/reading-progress', { method: 'POST', body, keepalive: true })
            .then((res) => (res.status >= 500 ? keep() : undefined))
            .catch(keep);
      } else {
        recordDeviceHistory(entry);
      }
    };
    save();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_SCROLL_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [containerRef, bookCode, bookTitle, chapterCode, chapterTitle, chapterPosition, loggedIn]);
}

/** Words a reader of Vietnamese reads in a minute, silently (about 200 syllables: a calm pace for sutras). */
export const READING_WORDS_PER_MINUTE = 200;

/**
 * How far through the text the reader has scrolled, 0..1: 0 on the first screen, 1 once the text's
 * last line is in view (a chapter that fits on one screen is read through at once).
 */
export function scrolledShare(scrollY: number, viewportHeight: number, textEnd: number): number {
  const lastScroll = textEnd - viewportHeight;
  if (lastScroll <= 0) return 1;
  return Math.min(1, Math.max(0, scrollY / lastScroll));
}

/** "12 %", "Chương 3/12" and "còn ~3 phút": where the reader is in the chapter and in the book, and what is left. */
export function progressLabels(
  percent: number,
  words: number,
  chapter: { position: number; count: number },
): { percent: string; place: string | null; left: string | null } {
  // Clamped: a page scrolled past its ends (a phone's bounce) or a chapter too short to measure
  // never says "còn -1 phút" or "còn ~NaN phút".
  const share = Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;
  const minutes = Math.max(0, (Math.max(0, words) * (100 - share)) / 100 / READING_WORDS_PER_MINUTE) || 0;
  return {
    percent: `${share}\u00a0%`,
    place: chapterPlace(chapter),
    left: minutes <= 0 ? null : minutes < 1 ? 'còn dưới 1 phút' : `còn ~${Math.round(minutes)} phút`,
  };
}

/** "Chương 3/12"; nothing for a book of one chapter. */
export function chapterPlace(chapter: { position: number; count: number }): string | null {
  return chapter.count > 1 ? `Chương ${chapter.position}/${chapter.count}` : null;
}

/** The Vietnamese words of the chapter (the Chinese beside it is not counted: it is read with it). */
function wordCount(container: HTMLElement): number {
  let words = 0;
  for (const p of container.querySelectorAll<HTMLElement>('p[id^="p-"]')) {
    words += (p.textContent ?? '').split(/\s+/).filter(Boolean).length;
  }
  return words;
}

/**
 * The reader's place in the chapter, computed in the browser from the scroll position and the
 * chapter's length; null until the page has run in the browser. Re-renders only when the rounded
 * percentage changes.
 */
export function useChapterProgress(containerRef: React.RefObject<HTMLElement | null>, chapterKey: string) {
  const [state, setState] = useState<{ percent: number; words: number } | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const words = wordCount(container);
    let frame = 0;
    const measure = () => {
      frame = 0;
      const end = container.getBoundingClientRect().bottom + window.scrollY;
      const percent = Math.round(scrolledShare(window.scrollY, window.innerHeight, end) * 100);
      setState((old) => (old?.percent === percent && old.words === words ? old : { percent, words }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // A new text size or the Chinese shown beside the text changes the chapter's height.
    const resized = new ResizeObserver(schedule);
    resized.observe(container);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized.disconnect();
    };
  }, [containerRef, chapterKey]);
  return state;
}
