import render from 'dom-serializer';
import { Text, type Element } from 'domhandler';
import * as DomUtils from 'domutils';
import { parseHtml, SERIALIZE, textOf } from './imported-book.ts';

const HEADINGS = new Set(['h1', 'h2', 'h3']);

/**
 * A chapter's body without its opening heading when that heading is the chapter's title (at any
 * depth: EPUB chapters often wrap it in a <section>): the reader shows the title above the text,
 * and it should not appear twice.
 */
export function removeLeadingTitle(html: string, title: string | null): string {
  if (!title) return html;
  const wanted = title.normalize('NFC').replace(/\s+/g, ' ').trim();
  const document = parseHtml(html);
  const heading = DomUtils.findOne((e: Element) => HEADINGS.has(e.name), document.children, true);
  if (!heading || textOf(heading).normalize('NFC') !== wanted) return html;
  // Only when nothing is written before it.
  if (!textOf(document).normalize('NFC').startsWith(wanted)) return html;
  DomUtils.removeElement(heading);
  return render(document.children, SERIALIZE);
}

/**
 * An inline `<svg>` becomes the words it carries (its `<title>`, `<desc>` and `<text>`), which is
 * what a reader can read of a drawing the sanitiser does not keep.
 */
export function keepSvgText(html: string): string {
  if (!/<svg[\s>]/i.test(html)) return html;
  const document = parseHtml(html);
  // Innermost first, so a drawing inside a drawing is read once.
  for (const svg of DomUtils.findAll((e: Element) => e.name === 'svg', document.children).reverse()) {
    const words = DomUtils.findAll((e: Element) => ['title', 'desc', 'text'].includes(e.name), svg.children)
      .map((e) => textOf(e))
      .filter(Boolean);
    DomUtils.replaceElement(svg, new Text(words.length > 0 ? ` ${words.join(' — ')} ` : ''));
  }
  return render(document.children, SERIALIZE);
}
