import { escapeHtml, unescapeHtml } from './html.ts';
import { applyTextOntoPieces, collapseSpaces, type Piece } from './text-onto-markup.ts';

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
const TOKEN = /<!--[\s\S]*?-->|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)\b[^>]*>|[^<]+|</g;

/** Text between tags as the reader sees it (a no-break space stays one). */
export const textOf = (raw: string) => unescapeHtml(raw.replace(/&nbsp;/gi, '\u00A0'));

/**
 * The inner HTML of a paragraph as pieces: its elements as groups, its text as text, void
 * elements and comments as markup. `null` when its tags do not close in order.
 */
export function htmlPieces(inner: string): Piece[] | null {
  const root: Piece[] = [];
  const stack: { name: string; group: Extract<Piece, { kind: 'group' }> }[] = [];
  const here = () => stack.at(-1)?.group.children ?? root;
  for (const [raw, closing, opening] of inner.matchAll(TOKEN)) {
    if (closing) {
      const top = stack.pop();
      if (top?.name !== closing.toLowerCase()) return null;
      top.group.close = raw;
    } else if (opening) {
      const name = opening.toLowerCase();
      if (VOID.has(name) || raw.endsWith('/>')) {
        here().push({ kind: 'markup', raw });
      } else {
        const group = { kind: 'group' as const, open: raw, close: '', children: [] };
        here().push(group);
        stack.push({ name, group });
      }
    } else if (raw.startsWith('<!--')) {
      here().push({ kind: 'markup', raw });
    } else {
      here().push({ kind: 'text', raw, text: textOf(raw), entities: true });
    }
  }
  return stack.length === 0 ? root : null;
}

/** What a reader sees of some HTML (its `textContent`), spaces collapsed. */
export function htmlText(html: string): string {
  return collapseSpaces(textOf(html.replace(/<!--[\s\S]*?-->|<[a-zA-Z/][^>]*>/g, '')));
}

/**
 * A paragraph's inner HTML with its text changed to `proposed`, its formatting kept around the
 * words that did not change (decision 0054). `null` when that cannot be done faithfully (tags that
 * do not close in order); the result is checked to show exactly the proposed text.
 */
export function correctParagraphHtml(inner: string, proposed: string): string | null {
  const pieces = htmlPieces(inner);
  if (!pieces) return null;
  const corrected = applyTextOntoPieces(pieces, proposed, escapeHtml);
  return htmlText(corrected) === collapseSpaces(proposed.normalize('NFC')) ? corrected : null;
}
