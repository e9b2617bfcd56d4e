import { useEffect } from 'react';
import { recordDeviceHistory } from '#app/lib/device-history.ts';

interface Place {
  bookCode: string;
  bookTitle: string;
  chapterCode: string;
  chapterTitle: string | null;
  chapterPosition: number;
}

const SAVE_AFTER_SCROLL_MS = 2000;

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
      if (loggedIn) {
        const body = new FormData();
        body.set('chapterCode', chapterCode);
        if (paragraph) body.set('paragraph', paragraph);
        void fetch('/reading-progress', { method: 'POST', body, keepalive: true }).catch(() => {});
      } else {
        recordDeviceHistory({
          bookCode,
          bookTitle,
          chapterCode,
          chapterTitle,
          chapterPosition,
          paragraph,
          readAt: new Date().toISOString(),
        });
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
