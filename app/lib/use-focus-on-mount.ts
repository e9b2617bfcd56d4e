import { useEffect, useRef } from 'react';

/**
 * Focuses the element once it is on the page (when `enabled`): a box that opens ready to type.
 * Instead of `autoFocus`, which React applies itself on mount but Preact, the browser's renderer
 * (docs/decisions/0016-first-load-javascript.md), leaves to the browser's own `autofocus`, honoured
 * only while the page loads. ESLint forbids `autoFocus` in app/.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
