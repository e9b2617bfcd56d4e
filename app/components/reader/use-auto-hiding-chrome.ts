import { useEffect } from 'react';

/** The site's frame around the text: headers, bottom bar, player bar, and the reader's own bar. */
const CHROME = '.site-header, .mobile-header, .mobile-menu, .bottom-bar, .player-bar, .reader-bar';
/** A deliberate scroll, not a finger's tremble or the bounce at the end of a page. */
const TRAVEL_PX = 24;
/** Above this, the chapter's own header is in view: the frame stays. */
const TOP_PX = 120;

function setHidden(hidden: boolean) {
  const root = document.documentElement;
  if (hidden) {
    // Never away from under the keyboard or an open list (contents, options) or the open menu.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(CHROME)) return;
    if (root.classList.contains('menu-open') || document.querySelector('.reader-bar details[open]')) return;
    root.dataset.readerChrome = 'hidden';
  } else delete root.dataset.readerChrome;
}

/**
 * While a chapter is read downwards, the site's frame slides away (app/styles/reader.css); it comes
 * back on a scroll up, at the top and the end of the page, on a tap on the text (not on a link or
 * while selecting), and when the keyboard's focus enters it.
 */
export function useAutoHidingChrome(textRef: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    let lastY = window.scrollY;
    // The distance scrolled in the current direction (negative: upwards).
    let travel = 0;
    let frame = 0;
    const onFrame = () => {
      frame = 0;
      const y = window.scrollY;
      const delta = y - lastY;
      lastY = y;
      if (delta === 0) return;
      travel = Math.sign(delta) === Math.sign(travel) ? travel + delta : delta;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 8;
      if (y < TOP_PX || atEnd || travel < -TRAVEL_PX) setHidden(false);
      else if (travel > TRAVEL_PX) setHidden(true);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(onFrame);
    };
    const onTap = (event: MouseEvent) => {
      const target = event.target as Element;
      if (!textRef.current?.contains(target) || target.closest('a, button, input, select, textarea, summary, label'))
        return;
      if (!document.getSelection()?.isCollapsed) return;
      setHidden(false);
    };
    const onFocus = (event: FocusEvent) => {
      if ((event.target as Element).closest?.(CHROME)) setHidden(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onTap);
    document.addEventListener('focusin', onFocus);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onTap);
      document.removeEventListener('focusin', onFocus);
      setHidden(false);
    };
  }, [textRef]);
}
