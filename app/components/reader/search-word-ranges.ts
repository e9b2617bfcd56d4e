import { highlight, queryWords } from '#common/text/search-tokens.ts';
import { hasDiacritics, normalizeText } from '#common/text/vietnamese.ts';

/** The ranges of `root`'s text that match `query`, folded like search itself (see search-highlight.ts). */
export function searchWordRanges(root: HTMLElement, query: string): Range[] {
  const words = queryWords(query);
  if (words.folded.length === 0) return [];
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
  return ranges;
}
