import render from 'dom-serializer';
import type { ChildNode, Document } from 'domhandler';
import { SERIALIZE, textOf, titleOrNull, type ImportedChapter } from './imported-book.ts';

const isElement = (node: ChildNode, names: string[]): node is ChildNode & { name: string } =>
  'name' in node && names.includes(node.name);

/**
 * Cuts a document into chapters at its top-level headings: <h1>, or <h2> when there is no <h1>.
 * Each heading's text is its chapter's title (and leaves the body); what comes before the first
 * heading is returned as the introduction, when it has words.
 */
export function splitAtHeadings(document: Document): { intro: string | null; chapters: ImportedChapter[] } {
  const top = document.children;
  const level = top.some((n) => isElement(n, ['h1'])) ? 'h1' : 'h2';
  const chapters: ImportedChapter[] = [];
  let current: { title: string | null; nodes: ChildNode[] } = { title: null, nodes: [] };
  let intro: ChildNode[] | null = null;
  const close = () => {
    if (intro === null) intro = current.nodes;
    else chapters.push({ title: current.title, html: render(current.nodes, SERIALIZE) });
  };
  for (const node of top) {
    if (isElement(node, [level])) {
      close();
      current = { title: titleOrNull(textOf(node as never)), nodes: [] };
    } else {
      current.nodes.push(node);
    }
  }
  close();
  const introNodes = intro ?? [];
  const introText = introNodes.map((n) => textOf(n as never)).join('');
  // No heading at all: the whole document is one chapter.
  if (chapters.length === 0)
    return { intro: null, chapters: introText ? [{ title: null, html: render(introNodes, SERIALIZE) }] : [] };
  return {
    intro: introText ? render(introNodes, SERIALIZE) : null,
    chapters: chapters.filter((c) => c.title !== null || c.html.replace(/<[^>]*>/g, '').trim()),
  };
}
