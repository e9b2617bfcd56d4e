import type { Token, Tokens } from 'marked';
import { paragraphPattern, unescapeHtml } from './html.ts';
import { htmlText } from './html-correction.ts';
import { markdownTokens, markdownTokensHtml, renderMarkdownHtml } from './markdown-html.ts';
import { applyTextOntoPieces, collapseSpaces, type Piece } from './text-onto-markup.ts';

/** Plain text written into Markdown: every mark that could start formatting is escaped. */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>&|~]/g, '\\$&');

type Group = Extract<Piece, { kind: 'group' }>;

/** `raw` as a group around the pieces of its inline `tokens` (each found in it, in order). */
function groupOf(raw: string, tokens: Token[]): Group | null {
  const children: Piece[] = [];
  let cursor = 0;
  let first = -1;
  for (const token of tokens) {
    const at = raw.indexOf(token.raw, cursor);
    const piece = at < 0 ? null : pieceOf(token);
    if (!piece) return null;
    if (first < 0) first = at;
    else if (at > cursor) children.push({ kind: 'markup', raw: raw.slice(cursor, at) });
    children.push(piece);
    cursor = at + token.raw.length;
  }
  if (first < 0) return { kind: 'group', open: raw, close: '', children };
  return { kind: 'group', open: raw.slice(0, first), close: raw.slice(cursor), children };
}

/** One inline token as a piece: formatting as a group, text as text, the rest kept as written. */
function pieceOf(token: Token): Piece | null {
  switch (token.type) {
    case 'text':
      if ('tokens' in token && token.tokens?.length) return groupOf(token.raw, token.tokens);
      return { kind: 'text', raw: token.raw, text: unescapeHtml((token as Tokens.Text).text), entities: true };
    case 'escape':
      return { kind: 'text', raw: token.raw, text: unescapeHtml((token as Tokens.Escape).text) };
    // Code shows its text as written; a change inside it is written back as plain text.
    case 'codespan':
      return { kind: 'text', raw: token.raw, text: (token as Tokens.Codespan).text };
    case 'em':
    case 'strong':
    case 'del':
    case 'link':
      return groupOf(token.raw, (token as Tokens.Em).tokens);
    case 'br':
    case 'image':
    case 'html':
      return { kind: 'markup', raw: token.raw };
    default:
      return null;
  }
}

/**
 * A chapter's Markdown with the paragraph `anchor` (p-N of the HTML rendered from it) changed to
 * show `proposed` — the change made to the words of the one Markdown paragraph that produced it,
 * its `*em*`, `**strong**` and links kept around unchanged words — and the HTML rendered from the
 * result (decision 0054). `null` when that cannot be done faithfully: the paragraph is not a
 * paragraph of its own in the Markdown (in a list, a quotation, a table, hand-written HTML), or
 * the result would show other text there or change anything else of the chapter.
 */
export function correctMarkdownParagraph(
  markdown: string,
  anchor: string,
  proposed: string,
): { markdown: string; html: string } | null {
  const source = markdown
    .normalize('NFC')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const number = Number(anchor.slice(2));
  const tokens = markdownTokens(source);
  let offset = 0;
  let paragraphs = 0;
  for (const token of tokens) {
    const at = source.indexOf(token.raw, offset);
    if (at < 0) return null;
    // Paragraphs are numbered in the order their <p> comes out (the sanitiser, sanitize-html.ts).
    const here = markdownTokensHtml([token], tokens).match(/<p[\s>]/gi)?.length ?? 0;
    if (paragraphs + here < number) {
      paragraphs += here;
      offset = at + token.raw.length;
      continue;
    }
    if (token.type !== 'paragraph' || here !== 1) return null;
    const paragraph = token as Tokens.Paragraph;
    if (!paragraph.raw.startsWith(paragraph.text)) return null;
    const group = groupOf(paragraph.text, paragraph.tokens);
    if (!group) return null;
    const written = applyTextOntoPieces([group], proposed, escapeMarkdown);
    const corrected =
      source.slice(0, at) +
      written +
      paragraph.raw.slice(paragraph.text.length) +
      source.slice(at + paragraph.raw.length);
    return checked(source, corrected, anchor, proposed);
  }
  return null;
}

/** The corrected Markdown and its HTML, if that HTML differs from the old only in the paragraph, which shows `proposed`. */
function checked(before: string, after: string, anchor: string, proposed: string) {
  const oldHtml = renderMarkdownHtml(before);
  const html = renderMarkdownHtml(after);
  const paragraph = paragraphPattern(anchor).exec(html);
  if (!paragraph || htmlText(paragraph[3]!) !== collapseSpaces(proposed.normalize('NFC'))) return null;
  const rest = (h: string) => h.replace(paragraphPattern(anchor), '');
  return rest(oldHtml) === rest(html) ? { markdown: after, html } : null;
}
