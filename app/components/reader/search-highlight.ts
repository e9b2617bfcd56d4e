import { type RefObject, useEffect } from 'react';
import { highlight, queryWords } from '#common/text/search-tokens.ts';
import { hasDiacritics, normalizeText } from '#common/text/vietnamese.ts';

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
    const words = queryWords(query);
    if (words.folded.length === 0) return;
    // The phrase, as strict search found it; when the chapter has no whole phrase (a broad
    // search), each word. A phrase split across elements is not marked.
    const base = hasDiacritics(query) ? { folded: words.folded, exact: words.exact } : { folded: words.folded };
    const phraseFound = highlight(normalizeText(root.textContent ?? ''), { ...base, phrase: true }).some((s) => s.hit);
    const options = { ...base, phrase: phraseFound };

    const ranges: Range[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      // Offsets hold only for text already in NFC (stored text always is).
      if (normalizeText(node.data) !== node.data) continue;
      let offset = 0;
      for (const segment of highlight(node.data, options)) {
        if (segment.hit) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + segment.text.length);
          ranges.push(range);
        }
        offset += segment.text.length;
      }
    }
    CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(...ranges));
    root.setAttribute('data-search-hits', String(ranges.length));
    return () => {
      CSS.highlights.delete(HIGHLIGHT_NAME);
      root.removeAttribute('data-search-hits');
    };
  }, [container, query, key]);
}
