import { unescapeHtml } from './html.ts';

/**
 * A correction made to the text a reader sees, applied onto the markup that shows it (decision
 * 0054): the paragraph is a tree of pieces — markup kept as written, text shown to the reader,
 * groups such as `<em>…</em>` or `*…*` — and only the text that changed is rewritten, so the
 * formatting around unchanged words stays. The HTML and Markdown readers of a paragraph
 * (`html-correction.ts`, `markdown-correction.ts`) make the pieces and check the result.
 */

export type Piece =
  /** Markup kept as it is (a tag of no text, an image, a line break, a comment). */
  | { kind: 'markup'; raw: string }
  /**
   * Text as written (`raw`) and as the reader sees it (`text`). With `entities`, `raw` is `text`
   * with some characters written as HTML entities, and only the changed characters are rewritten.
   */
  | { kind: 'text'; raw: string; text: string; entities?: boolean }
  /** A formatting run around its pieces: `<em>` … `</em>`, `[` … `](https://…)`. */
  | { kind: 'group'; open: string; close: string; children: Piece[] };

type TextPiece = Extract<Piece, { kind: 'text' }>;

/** One character or entity of a text's source, as the reader sees it. */
const unescapeUnit = (raw: string) => (raw.length > 1 ? unescapeHtml(raw.replace(/^&nbsp;$/i, '\u00A0')) : raw);

/** Text as the reader's correction form holds it: one space between words, no space at the ends. */
export const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Leaf {
  piece: TextPiece;
  depth: number;
  text: string;
}

/** Where one character of the collapsed text is in the leaves: a space may stand for several. */
type Place = { leaf: number; start: number; end: number }[];

/** A run of the collapsed text `[start, end)` replaced by `insert`. */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

const TOKEN = /\s+|[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;
// Past this many cells the common-sequence table is too large: the changed middle is replaced whole.
const MOST_CELLS = 4_000_000;

/**
 * The edits that turn `before` into `after`: words, spaces and marks compared by their longest
 * common sequence, then each changed run narrowed to the characters that differ (so "Phat" →
 * "Phật" changes one letter, and a word added beside a formatted one is not taken into it).
 */
export function textEdits(before: string, after: string): TextEdit[] {
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const offsetOf = (tokens: string[], n: number) => tokens.slice(0, n).join('').length;
  const aMid = a.slice(head, a.length - tail);
  const bMid = b.slice(head, b.length - tail);
  let at = offsetOf(a, head);
  const edits: TextEdit[] = [];
  let open: TextEdit | null = null;
  const take = (removed: string, added: string) => {
    open ??= { start: at, end: at, insert: '' };
    open.end += removed.length;
    open.insert += added;
    at += removed.length;
  };
  const keep = (token: string) => {
    if (open) edits.push(open);
    open = null;
    at += token.length;
  };
  if ((aMid.length + 1) * (bMid.length + 1) > MOST_CELLS) {
    take(aMid.join(''), bMid.join(''));
  } else {
    // lengths[i][j]: the longest common run of aMid[i..] and bMid[j..], filled from the end.
    const lengths = Array.from({ length: aMid.length + 1 }, () => new Uint16Array(bMid.length + 1));
    for (let i = aMid.length - 1; i >= 0; i--) {
      for (let j = bMid.length - 1; j >= 0; j--) {
        lengths[i]![j] =
          aMid[i] === bMid[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < aMid.length || j < bMid.length) {
      if (i < aMid.length && j < bMid.length && aMid[i] === bMid[j]) {
        keep(aMid[i]!);
        i++;
        j++;
      } else if (j >= bMid.length || (i < aMid.length && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
        take(aMid[i++]!, '');
      } else {
        take('', bMid[j++]!);
      }
    }
  }
  if (open) edits.push(open);
  return edits.map((edit) => narrow(before, edit));
}

/** An edit without the characters its removed and added text begin and end with alike. */
function narrow(before: string, edit: TextEdit): TextEdit {
  const { end } = edit;
  let { start, insert } = edit;
  let lead = 0;
  while (lead < end - start && lead < insert.length && before[start + lead] === insert[lead]) lead++;
  // Never between the two halves of a character outside the basic plane.
  if (lead > 0 && /[\uDC00-\uDFFF]/.test(before[start + lead] ?? '')) lead--;
  start += lead;
  insert = insert.slice(lead);
  let trail = 0;
  while (
    trail < end - start &&
    trail < insert.length &&
    before[end - 1 - trail] === insert[insert.length - 1 - trail]
  ) {
    trail++;
  }
  if (trail > 0 && /[\uD800-\uDBFF]/.test(before[end - trail - 1] ?? '')) trail--;
  return { start, end: end - trail, insert: insert.slice(0, insert.length - trail) };
}

function leavesOf(pieces: Piece[], depth = 0, leaves: Leaf[] = []): Leaf[] {
  for (const piece of pieces) {
    if (piece.kind === 'text') leaves.push({ piece, depth, text: piece.text.normalize('NFC') });
    else if (piece.kind === 'group') leavesOf(piece.children, depth + 1, leaves);
  }
  return leaves;
}

/** The leaves' text with its spaces collapsed, and where each of its characters comes from. */
function collapsedText(leaves: Leaf[]): { text: string; places: Place[] } {
  let text = '';
  const places: Place[] = [];
  let space: Place | null = null;
  leaves.forEach((leaf, index) => {
    for (let k = 0; k < leaf.text.length; k++) {
      if (/\s/.test(leaf.text[k]!)) {
        // Spaces before the first word are not in the collapsed text: they are left as they are.
        if (text) (space ??= []).push({ leaf: index, start: k, end: k + 1 });
        continue;
      }
      if (space) {
        text += ' ';
        places.push(space);
        space = null;
      }
      text += leaf.text[k];
      places.push([{ leaf: index, start: k, end: k + 1 }]);
    }
  });
  return { text, places };
}

/**
 * The pieces written again with their text changed to `proposed` (compared with spaces
 * collapsed), each changed text escaped by `escape`; a group whose every word was removed goes
 * with its markup. A change inside one text piece stays inside it; one across pieces is written
 * into the least formatted of them, as plain text outside the groups that do not hold all of it;
 * words put in beside a formatted run go outside it. The callers check what the result shows.
 */
export function applyTextOntoPieces(pieces: Piece[], proposed: string, escape: (text: string) => string): string {
  // An empty piece at each end of the paragraph, outside every group, for words put in there.
  const start: TextPiece = { kind: 'text', raw: '', text: '' };
  const end: TextPiece = { kind: 'text', raw: '', text: '' };
  pieces = [start, ...pieces, end];
  const leaves = leavesOf(pieces);
  const { text: before, places } = collapsedText(leaves);
  const after = collapseSpaces(proposed.normalize('NFC'));
  // Per leaf, its changes as [start, end, insert] in its own text.
  const changes: [number, number, string][][] = leaves.map(() => []);
  // The leaves each change across formatted pieces takes words from, by its mark's number.
  const crossing: number[][] = [];
  // Marks are characters of Unicode's private use area, so a text that holds one is not marked.
  const markable = !/[\uE000-\uE002]/.test(JSON.stringify(pieces) + after);
  for (const edit of textEdits(before, after)) {
    if (edit.start === edit.end) {
      // Put in between two characters: into the less formatted of their pieces (the earlier if
      // alike); at the paragraph's start or end, outside any formatting.
      const previous = edit.start > 0 ? places[edit.start - 1]!.at(-1)! : { leaf: 0, end: 0 };
      const next = edit.start < places.length ? places[edit.start]![0]! : { leaf: leaves.length - 1, start: 0 };
      const into =
        leaves[previous.leaf]!.depth > leaves[next.leaf]!.depth
          ? { leaf: next.leaf, at: next.start }
          : { leaf: previous.leaf, at: previous.end };
      changes[into.leaf]!.push([into.at, into.at, edit.insert]);
      continue;
    }
    const spans = new Map<number, [number, number]>();
    for (const place of places.slice(edit.start, edit.end).flat()) {
      const span = spans.get(place.leaf);
      spans.set(
        place.leaf,
        span ? [Math.min(span[0], place.start), Math.max(span[1], place.end)] : [place.start, place.end],
      );
    }
    let target = -1;
    for (const leaf of spans.keys()) if (target < 0 || leaves[leaf]!.depth < leaves[target]!.depth) target = leaf;
    // Across formatted pieces: the new words are marked, and every group that does not hold the
    // whole change is closed before them and opened again after (written out below).
    let insert = edit.insert;
    if (spans.size > 1 && leaves[target]!.depth > 0 && insert && markable) {
      insert = `\uE000${crossing.length}\uE001${insert}\uE002`;
      crossing.push([...spans.keys()]);
    }
    for (const [leaf, [start, end]] of spans) changes[leaf]!.push([start, end, leaf === target ? insert : '']);
  }
  const written = leaves.map((leaf, index) => rewriteLeaf(leaf, changes[index]!, escape));
  const byPiece = new Map(leaves.map((leaf, index) => [leaf.piece, index]));

  const MARKED = /\uE000(\d+)\uE001[^\uE002]*\uE002/g;
  /** The pieces written out; a group that held words and now holds none (nor an image) goes whole. */
  function write(list: Piece[]): { out: string; held: boolean; holds: boolean; leaves: number[] } {
    let out = '';
    let held = false;
    let holds = false;
    const inside: number[] = [];
    for (const piece of list) {
      if (piece.kind === 'markup') {
        out += piece.raw;
        holds ||= piece.raw.trim() !== '' && !piece.raw.startsWith('<!--');
      } else if (piece.kind === 'text') {
        const index = byPiece.get(piece)!;
        const { text, raw } = written[index]!;
        out += raw;
        inside.push(index);
        held ||= piece.text.trim() !== '';
        holds ||= text.trim() !== '';
      } else {
        const inner = write(piece.children);
        inside.push(...inner.leaves);
        held ||= inner.held;
        if (inner.held && !inner.holds) continue;
        holds ||= inner.holds;
        const mine = new Set(inner.leaves);
        let last = 0;
        for (const mark of inner.out.matchAll(MARKED)) {
          if (crossing[Number(mark[1])]!.every((leaf) => mine.has(leaf))) continue;
          const before = inner.out.slice(last, mark.index);
          if (before) out += piece.open + before + piece.close;
          out += mark[0];
          last = mark.index + mark[0].length;
        }
        if (last === 0 || last < inner.out.length) out += piece.open + inner.out.slice(last) + piece.close;
      }
    }
    return { out, held, holds, leaves: inside };
  }
  return write(pieces).out.replace(/\uE000\d+\uE001|\uE002/g, '');
}

const UNIT = /&(?:#x[0-9a-f]+|#\d+|[a-z]+);|[\s\S]/gi;

/**
 * A text piece with its changes ([start, end, insert] in its text): its text, and its source
 * with only the changed characters written anew (its entities elsewhere kept), or the whole text
 * escaped when its source does not map character by character.
 */
function rewriteLeaf(leaf: Leaf, changes: [number, number, string][], escape: (text: string) => string) {
  const { piece } = leaf;
  if (changes.length === 0 && leaf.text === piece.text) return { text: piece.text, raw: piece.raw };
  const sorted = changes.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let text = leaf.text;
  for (const [start, end, insert] of [...sorted].reverse()) text = text.slice(0, start) + insert + text.slice(end);
  if (!piece.entities || leaf.text !== piece.text) return { text, raw: escape(text) };
  // Each unit of the source (a character or an entity) with where its text starts.
  const units: { raw: string; at: number }[] = [];
  let at = 0;
  for (const [raw] of piece.raw.matchAll(UNIT)) {
    units.push({ raw, at });
    at += unescapeUnit(raw).length;
  }
  if (at !== piece.text.length) return { text, raw: escape(text) };
  let raw = '';
  let u = 0;
  for (const [start, end, insert] of sorted) {
    while (u < units.length && units[u]!.at < start) raw += units[u++]!.raw;
    if ((units[u]?.at ?? at) !== start) return { text, raw: escape(text) };
    raw += escape(insert);
    while (u < units.length && units[u]!.at < end) u++;
    if ((units[u]?.at ?? at) !== end) return { text, raw: escape(text) };
  }
  while (u < units.length) raw += units[u++]!.raw;
  return { text, raw };
}
