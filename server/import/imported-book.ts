import type { Document, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import * as DomUtils from 'domutils';
import render from 'dom-serializer';

/** A chapter as a reader of a format found it: its title and its HTML, not yet sanitised. */
export interface ImportedChapter {
  title: string | null;
  html: string;
}

/** A book as a reader of a format found it; the import service sanitises, codes and stores it. */
export interface ImportedBook {
  /**
   * What the file says the book is (EPUB unique identifier or ISBN, a Markdown or Word file's
   * `id`): a book's identity, never its title. Null when the file says nothing: the service then
   * uses a hash of the file.
   */
  identifier: string | null;
  title: string;
  author: string | null;
  translator: string | null;
  description: string | null;
  category: string | null;
  /** BCP 47, as the file states it (EPUB dc:language, front matter `language`). */
  language: string | null;
  /** The writing direction of the book's text when the file states it (`dir` on its pages). */
  direction: TextDirection | null;
  /** The code the file asks for (Markdown front matter), else one is made from the title. */
  code: string | null;
  license: { spdx: string; name: string; url: string; attribution: string | null } | null;
  sourceUrl: string | null;
  cover: Buffer | null;
  chapters: ImportedChapter[];
  /**
   * Pictures the chapters show, by the name their `<img src="import-image:NAME">` gives: the
   * service cuts them and stores them under /media before the HTML is sanitised.
   */
  images: Map<string, Buffer>;
}

export type TextDirection = 'ltr' | 'rtl';

/** How a reader marks a picture of the file in a chapter's HTML, for the service to store. */
export const IMPORT_IMAGE_SCHEME = 'import-image:';

export function emptyBook(title: string): ImportedBook {
  return {
    identifier: null,
    title,
    author: null,
    translator: null,
    description: null,
    category: null,
    language: null,
    direction: null,
    code: null,
    license: null,
    sourceUrl: null,
    cover: null,
    chapters: [],
    images: new Map(),
  };
}

/**
 * How parsed HTML is written back: only &, <, >, quotes escaped — letters stay letters. (Numeric
 * entities for every accented letter would survive NFC normalisation and decode as NFD later.)
 */
export const SERIALIZE = { encodeEntities: 'utf8' } as const;

/** XML (OPF, NCX, container.xml) or XHTML parsed as XML: names keep their prefixes ("dc:title"). */
export function parseXml(text: string): Document {
  return parseDocument(text, { xmlMode: true });
}

export function parseHtml(text: string): Document {
  return parseDocument(text);
}

/** Elements named `name` (any prefix: "title" finds "dc:title" and "title"). */
export function elementsNamed(root: Document | Element, name: string): Element[] {
  return DomUtils.findAll(
    (e) => e.name === name || e.name.endsWith(`:${name}`),
    'children' in root ? root.children : [],
  );
}

export function firstNamed(root: Document | Element, name: string): Element | null {
  return elementsNamed(root, name)[0] ?? null;
}

/** The text of a node, with runs of white space made one space. */
export function textOf(node: Element | Document | null): string {
  return node ? DomUtils.textContent(node).replace(/\s+/g, ' ').trim() : '';
}

/** The HTML inside <body> (or the whole document when it has none). */
export function bodyHtmlOf(document: Document): string {
  const body = firstNamed(document, 'body');
  return render(body ? body.children : document.children, SERIALIZE);
}

/** "Chương 1 — Mở đầu" stays; a title made only of white space is none. */
export function titleOrNull(text: string | null | undefined): string | null {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean ? clean : null;
}
