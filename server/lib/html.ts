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
