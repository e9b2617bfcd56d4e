const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text → text safe inside HTML elements and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Paragraphs of plain text → `<p>` elements, numbered so a passage can be linked to (#p-3). */
export function paragraphsToHtml(paragraphs: readonly string[], lang?: string): string {
  const langAttr = lang ? ` lang="${escapeHtml(lang)}"` : '';
  return paragraphs.map((p, i) => `<p id="p-${i + 1}"${langAttr}>${escapeHtml(p)}</p>`).join('\n');
}

/** A summary: the first sentences of a text, cut at a word boundary. */
export function summarize(text: string, maxLength = 220): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  const cut = clean.slice(0, maxLength);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.\s]+$/, '')}…`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML entities → characters (named ones we write, and numeric ones). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** A block of text in stored HTML: a paragraph, heading, list item or quotation, with its id. */
export interface HtmlBlock {
  id: string | null;
  text: string;
}

const BLOCK = /<(p|h[1-6]|li|blockquote)\b([^>]*)>([\s\S]*?)<\/\1>/gi;

/**
 * The text blocks of stored (sanitised) HTML in document order — what search indexes as
 * passages. Inner tags are dropped; entities are decoded; empty blocks are skipped.
 */
export function htmlBlocks(html: string): HtmlBlock[] {
  const blocks: HtmlBlock[] = [];
  for (const match of html.matchAll(BLOCK)) {
    const id = /\bid="([^"]*)"/.exec(match[2] ?? '')?.[1] ?? null;
    const text = unescapeHtml((match[3] ?? '').replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
    if (text) blocks.push({ id, text });
  }
  return blocks;
}

/** The `<p id="p-N">…</p>` (or other block with that id) of stored HTML, whole: tag, attributes, inner HTML. */
export function paragraphPattern(anchor: string): RegExp {
  return new RegExp(`<(p|h[1-6]|li|blockquote)\\b([^>]*\\bid="${anchor}"[^>]*)>([\\s\\S]*?)</\\1>`);
}
