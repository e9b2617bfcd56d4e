import { Marked, type Token, type TokensList } from 'marked';
import { sanitizeArticleHtml } from './sanitize-html.ts';

// An own instance: options set elsewhere on marked's shared one never change what we store.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown (a chapter, an article) → the HTML readers get: rendered by marked, then through the article
 * sanitiser (raw HTML in the Markdown is kept only as far as it allows; paragraphs numbered
 * p-N), NFC. The editor's live preview calls this too, so the preview is what will be stored.
 */
export function renderMarkdownHtml(source: string): string {
  const html = markdown.parse(source.normalize('NFC').replace(/^\uFEFF/, ''), { async: false });
  return sanitizeArticleHtml(html).normalize('NFC');
}

/** The block tokens marked reads from Markdown: the same instance and options as above. */
export function markdownTokens(source: string): TokensList {
  return markdown.lexer(source);
}

/** The HTML marked makes of some block tokens of `all` (before the sanitiser). */
export function markdownTokensHtml(tokens: Token[], all: TokensList): string {
  return markdown.parser(Object.assign([...tokens], { links: all.links }), { async: false });
}
