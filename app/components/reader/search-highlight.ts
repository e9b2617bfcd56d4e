import { type RefObject, useEffect } from 'react';

const HIGHLIGHT_NAME = 'pb-search';

function supportsHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
}

/**
 * Paints the words of `query` in the chapter's text (a search result opens the chapter with
 * ?tim=…), folded like search itself, so `phat` marks `Phật`; with diacritics, only as typed.
 * Like the reader's own highlights (decision 0009) it uses the CSS Custom Highlight API: the DOM
 * is not changed, so React's text and the notes' anchors stay as they are. The number of marks is
 * left on the container (data-search-hits) for the curious and for tests.
 */
export function useSearchHighlight(container: RefObject<HTMLElement | null>, query: string | null, key: string) {
  useEffect(() => {
    const root = container.current;
    if (!root || !query || !supportsHighlights()) return;
    // The search's word rules (folding, Telex) load only for a chapter opened from a search.
    let cancelled = false;
    void import('./search-word-ranges.ts').then(({ searchWordRanges }) => {
      if (cancelled) return;
      const ranges = searchWordRanges(root, query);
      CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(...ranges));
      root.setAttribute('data-search-hits', String(ranges.length));
    });
    return () => {
      cancelled = true;
      CSS.highlights.delete(HIGHLIGHT_NAME);
      root.removeAttribute('data-search-hits');
    };
  }, [container, query, key]);
}
