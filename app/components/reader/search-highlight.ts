import { type RefObject, useEffect } from 'react';
import { highlight, queryWords } from '#common/text/search-tokens.ts';
import { hasDiacritics, normalizeText } from '#common/text/vietnamese.ts';

const MARK_CLASS = 'search-hit';

function unmark(container: HTMLElement) {
  for (const mark of container.querySelectorAll(`mark.${MARK_CLASS}`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    parent.replaceChild(document.createTextNode(mark.textContent ?? ''), mark);
    parent.normalize();
  }
}

/**
 * Marks the words of `query` in the chapter's text (a search result opens the chapter with
 * ?tim=…): folded like search itself, so `phat` marks `Phật`; with diacritics, only as typed.
 * Text nodes are split around the matches; the text itself is unchanged, so notes still anchor.
 */
export function useSearchHighlight(container: RefObject<HTMLElement | null>, query: string | null, key: string) {
  useEffect(() => {
    const root = container.current;
    if (!root || !query) return;
    const words = queryWords(query);
    if (words.folded.length === 0) return;
    // The phrase, as strict search found it; when the chapter has no whole phrase (a broad search),
    // each word. (A phrase cut by a node boundary, such as a note's mark, is not marked.)
    const base = hasDiacritics(query) ? { folded: words.folded, exact: words.exact } : { folded: words.folded };
    const phraseFound = highlight(normalizeText(root.textContent ?? ''), { ...base, phrase: true }).some((s) => s.hit);
    const options = { ...base, phrase: phraseFound };

    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    for (const node of nodes) {
      // Offsets hold only for text already in NFC (stored text always is).
      if (normalizeText(node.data) !== node.data) continue;
      const segments = highlight(node.data, options);
      if (!segments.some((s) => s.hit)) continue;
      const fragment = document.createDocumentFragment();
      for (const segment of segments) {
        if (segment.hit) {
          const mark = document.createElement('mark');
          mark.className = MARK_CLASS;
          mark.textContent = segment.text;
          fragment.append(mark);
        } else {
          fragment.append(segment.text);
        }
      }
      node.replaceWith(fragment);
    }
    return () => unmark(root);
  }, [container, query, key]);
}
