import type { NoteAnchor } from '#common/contracts/note.schema.ts';

const CONTEXT_CHARS = 32;

/** The paragraph (`<p id="p-N">`) that holds a node, inside the reading column. */
export function paragraphOf(node: Node | null, container: HTMLElement): HTMLElement | null {
  let el: Node | null = node;
  while (el && el !== container) {
    if (el instanceof HTMLElement && el.tagName === 'P' && /^p-\d+$/.test(el.id)) return el;
    el = el.parentNode;
  }
  return null;
}

/** Character offset of (node, offset) inside `root`'s text. */
function textOffset(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

// A letter of a word: any script's letters, their combining marks (a tone typed apart) and digits —
// not Chinese characters, which are words each on their own and have no spaces between them.
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const HAN_CHAR = /\p{Script=Han}/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD_CHAR.test(char) && !HAN_CHAR.test(char);
}

/**
 * Characters start..end of `text` grown to whole words and stripped of the spaces at either end: a
 * selection from "thị ng" to "ã văn" keeps "thị ngã văn" (Vietnamese letters with their tones count
 * as letters; the text is NFC). Offsets count UTF-16 units, as the DOM's do.
 */
export function snapToWords(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  if (from === to) return { start: from, end: to };
  while (from > 0 && isWordChar(text[from - 1]) && isWordChar(text[from])) from--;
  while (to < text.length && isWordChar(text[to]) && isWordChar(text[to - 1])) to++;
  return { start: from, end: to };
}

/** A text anchor for a selection that lies within one paragraph, grown to whole words; null otherwise. */
export function anchorFromRange(range: Range, container: HTMLElement): NoteAnchor | null {
  const paragraph = paragraphOf(range.startContainer, container);
  if (!paragraph || paragraphOf(range.endContainer, container) !== paragraph) return null;
  const text = paragraph.textContent ?? '';
  const { start, end } = snapToWords(
    text,
    textOffset(paragraph, range.startContainer, range.startOffset),
    textOffset(paragraph, range.endContainer, range.endOffset),
  );
  const exact = text.slice(start, end);
  if (end <= start || exact.trim() === '') return null;
  return {
    paragraph: paragraph.id,
    start,
    end,
    exact,
    prefix: text.slice(Math.max(0, start - CONTEXT_CHARS), start),
    suffix: text.slice(end, end + CONTEXT_CHARS),
  };
}

/** Where the anchor's text is now: its offsets if the text there still matches, else the best-matching quote. */
export function locateAnchor(text: string, anchor: NoteAnchor): { start: number; end: number } | null {
  if (text.slice(anchor.start, anchor.end) === anchor.exact) return { start: anchor.start, end: anchor.end };
  let best: { start: number; score: number } | null = null;
  for (let i = text.indexOf(anchor.exact); i !== -1; i = text.indexOf(anchor.exact, i + 1)) {
    const before = text.slice(Math.max(0, i - anchor.prefix.length), i);
    const after = text.slice(i + anchor.exact.length, i + anchor.exact.length + anchor.suffix.length);
    const score =
      (before === anchor.prefix ? 2 : 0) + (after === anchor.suffix ? 2 : 0) - Math.abs(i - anchor.start) / 1e6;
    if (!best || score > best.score) best = { start: i, score };
  }
  return best ? { start: best.start, end: best.start + anchor.exact.length } : null;
}

/** A DOM range over characters start..end of `root`'s text. */
export function rangeFromOffsets(root: HTMLElement, start: number, end: number): Range | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && start <= seen + length) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, end - seen);
      return range;
    }
    seen += length;
  }
  return null;
}

/** The DOM range of a saved anchor in this page, or null when its text is gone. */
export function rangeFromAnchor(container: HTMLElement, anchor: NoteAnchor): Range | null {
  const paragraph = container.querySelector<HTMLElement>(`p#${CSS.escape(anchor.paragraph)}`);
  if (!paragraph) return null;
  const found = locateAnchor(paragraph.textContent ?? '', anchor);
  return found ? rangeFromOffsets(paragraph, found.start, found.end) : null;
}
