import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a link to `…#id` (a search hit's paragraph), brings that element into view once the new
 * page is on screen. React Router's <ScrollRestoration> does this in a layout effect; Preact, which
 * renders in the browser (docs/decisions/0016-first-load-javascript.md), runs that effect as soon as
 * the location changes, before the new page's content is rendered, so it found no element and went
 * to the top. An effect one frame later sees the new page. Back/forward (POP) keeps
 * ScrollRestoration's saved position; a first load's hash is the browser's to follow.
 */
export function ScrollToHash() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (!location.hash || navigationType === 'POP') return;
    const frame = requestAnimationFrame(() => {
      try {
        document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      } catch {
        // Not a decodable id: nothing to scroll to.
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [location, navigationType]);
  return null;
}
