/**
 * Words as search sees them, for documents and queries alike, on both database engines.
 *
 * We tokenise here (not in SQLite's or PostgreSQL's parser) so that both engines index exactly the
 * same words, and so that a hit can be highlighted in the original text: each token keeps its
 * offsets in the text it came from, with its exact form (diacritics, canonical tones) and its
 * folded form (no marks, đ → d).
 */
import { normalizeText, toExactForm, toFoldedForm } from './vietnamese.ts';

export interface SearchToken {
  /** Offsets in the normalised text (`normalizeText`), end exclusive. */
  start: number;
  end: number;
  exact: string;
  folded: string;
}

// Letters (with their combining marks) and digits. Everything else separates words.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

// Vietnamese has a few thousand distinct syllables: remembering their forms makes indexing a
// large library about ten times faster than normalising every occurrence.
const MEMO_LIMIT = 200_000;
const exactMemo = new Map<string, string>();
const foldedMemo = new Map<string, string>();

function remember(memo: Map<string, string>, word: string, make: (w: string) => string): string {
  let form = memo.get(word);
  if (form === undefined) {
    form = make(word);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, form);
  }
  return form;
}

export function exactWord(word: string): string {
  return remember(exactMemo, word, toExactForm);
}

export function foldedWord(word: string): string {
  return remember(foldedMemo, word, toFoldedForm);
}

/** The words of a text with their offsets. The text should already be normalised (NFC). */
export function tokenize(normalized: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  for (const match of normalized.matchAll(WORD)) {
    const word = match[0];
    tokens.push({
      start: match.index,
      end: match.index + word.length,
      exact: exactWord(word),
      folded: foldedWord(word),
    });
  }
  return tokens;
}

/** The exact and folded forms of a whole text, as space-separated words (what the engines index). */
export function indexForms(text: string): { exact: string; folded: string } {
  const tokens = tokenize(normalizeText(text));
  return { exact: tokens.map((t) => t.exact).join(' '), folded: tokens.map((t) => t.folded).join(' ') };
}

/** The words of a query, normalised: what the reader typed, minus every character search ignores. */
export function queryWords(query: string): { exact: string[]; folded: string[] } {
  const tokens = tokenize(normalizeText(query));
  return { exact: tokens.map((t) => t.exact), folded: tokens.map((t) => t.folded) };
}

/** A piece of text, marked when it is a match. */
export interface HighlightSegment {
  text: string;
  hit: boolean;
}

export interface HighlightOptions {
  /** Folded words to mark (a folded match marks `Phật` for `phat`). */
  folded: readonly string[];
  /** When given, only tokens whose exact form is among these are marked (a query with diacritics in strict mode). */
  exact?: readonly string[] | undefined;
  /** Mark only where the words occur together, in order (strict mode); otherwise each word anywhere. */
  phrase?: boolean | undefined;
}

/** Which tokens are hits: each matching word, or only whole occurrences of the phrase. */
export function hitsOf(tokens: readonly SearchToken[], options: HighlightOptions): boolean[] {
  const wanted = options.exact ?? options.folded;
  const formOf = (t: SearchToken) => (options.exact ? t.exact : t.folded);
  if (!options.phrase || wanted.length < 2) {
    const set = new Set(wanted);
    return tokens.map((t) => set.has(formOf(t)));
  }
  const hits = tokens.map(() => false);
  for (let i = 0; i + wanted.length <= tokens.length; i++) {
    if (wanted.every((word, k) => formOf(tokens[i + k]!) === word)) {
      for (let k = 0; k < wanted.length; k++) hits[i + k] = true;
    }
  }
  return hits;
}

/** The whole text cut into segments, the matching words marked. Adjacent hits merge (a phrase reads as one mark). */
export function highlight(text: string, options: HighlightOptions): HighlightSegment[] {
  const normalized = normalizeText(text);
  const tokens = tokenize(normalized);
  const hits = hitsOf(tokens, options);
  const segments: HighlightSegment[] = [];
  let cursor = 0;
  const push = (piece: string, hit: boolean) => {
    if (!piece) return;
    const last = segments[segments.length - 1];
    if (last && last.hit === hit) last.text += piece;
    else segments.push({ text: piece, hit });
  };
  tokens.forEach((token, i) => {
    const gap = normalized.slice(cursor, token.start);
    const hit = hits[i]!;
    // A space between two hits joins them: "Phật giáo" is one mark, not two.
    push(gap, hit && i > 0 && hits[i - 1]! && /^\s+$/.test(gap));
    push(normalized.slice(token.start, token.end), hit);
    cursor = token.end;
  });
  push(normalized.slice(cursor), false);
  return segments;
}

/**
 * A snippet around the first cluster of hits: at most `maxLength` characters, cut at word
 * boundaries, with "…" where text was left out.
 */
export function snippet(text: string, options: HighlightOptions, maxLength = 240): HighlightSegment[] {
  const segments = highlight(text, options);
  const total = segments.reduce((n, s) => n + s.text.length, 0);
  if (total <= maxLength) return segments;

  // Where the first hit starts, in characters.
  let firstHit = 0;
  let offset = 0;
  for (const s of segments) {
    if (s.hit) {
      firstHit = offset;
      break;
    }
    offset += s.text.length;
  }
  let from = Math.max(0, firstHit - Math.floor(maxLength / 3));
  const to = Math.min(total, from + maxLength);
  from = Math.max(0, to - maxLength);

  const out: HighlightSegment[] = [];
  offset = 0;
  for (const s of segments) {
    const start = offset;
    const end = offset + s.text.length;
    offset = end;
    if (end <= from || start >= to) continue;
    let piece = s.text.slice(Math.max(0, from - start), Math.min(s.text.length, to - start));
    // Never cut through a word at the edges.
    if (start < from && !s.hit) piece = piece.replace(/^[\p{L}\p{M}\p{N}]*\s*/u, '');
    if (end > to && !s.hit) piece = piece.replace(/\s*[\p{L}\p{M}\p{N}]*$/u, '');
    out.push({ text: piece, hit: s.hit });
  }
  if (from > 0) out.unshift({ text: '…', hit: false });
  if (to < total) out.push({ text: '…', hit: false });
  return out.filter((s) => s.text.length > 0);
}
