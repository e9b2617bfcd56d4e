import type { AnyNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { normalizeText } from '#common/text/vietnamese.ts';
import type { NewArticle } from '#server/repositories/article.repository.ts';
import type { NewBook, NewChapter } from '#server/repositories/book.repository.ts';
import { escapeHtml, paragraphsToHtml, summarize } from './html.ts';

/**
 * Documents of the shared corpus format (data/demo, ../shared/corpus) → the rows of a book with
 * its chapters, or of an article. One mapping for the demo import and the search benchmark.
 */

export interface CorpusSource {
  repository: string;
  path: string;
  commit: string;
  url?: string | undefined;
}

export interface CorpusLicense {
  spdx: string;
  name: string;
  url: string;
  note?: string | undefined;
  attribution?: string | undefined;
}

export interface CorpusChapter {
  index: number;
  title: string | null;
  title_original?: string | undefined;
  paragraphs: string[];
  parallel?: { 'zh-Hant': string[] } | undefined;
  section?: string | undefined;
}

export interface CorpusDoc {
  id: string;
  title: string;
  title_original?: string | null | undefined;
  title_sino_vietnamese?: string | null | undefined;
  author: string;
  translator?: string | null | undefined;
  compiler?: string | undefined;
  source: CorpusSource;
  license: CorpusLicense;
  chapters: CorpusChapter[];
}

/** Elements of left-over ruby markup whose text is not the reading: the base letters (kept in the parallel text) and the parentheses. */
const NOT_THE_READING = new Set(['rb', 'rp', 'script', 'style']);

/**
 * A corpus paragraph is plain text, but a few carry pieces of the HTML they were cut from (a
 * ruby's `</rt></ruby><br /><ruby><rb>一</rb><rt>` in "Tam Quy y" of the liturgy): such a
 * paragraph keeps its words — the readings — and loses the tags, comments and base letters, so a
 * reader never sees markup as text.
 */
export function plainTextOfCorpusParagraph(text: string): string {
  if (!/<\/?[a-z!]/i.test(text)) return text;
  const words: string[] = [];
  const walk = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') words.push(node.data);
      else if (node.type === 'tag' && node.name === 'br') words.push(' ');
      else if (node.type === 'tag' && !NOT_THE_READING.has(node.name)) walk(node.children);
    }
  };
  walk(parseDocument(text, { decodeEntities: true }).children);
  return words
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
}

function paragraphsOf(paragraphs: string[]): string[] {
  return paragraphs.map((p) => normalizeText(plainTextOfCorpusParagraph(p)));
}

export function sourceUrlOf(doc: CorpusDoc): string {
  return doc.source.url ?? `https://${doc.source.repository}/blob/${doc.source.commit}/${doc.source.path}`;
}

/** A sutra of the corpus as a published book (code given) with its chapters, Hán-Việt beside the Chinese. */
export function corpusBookRows(doc: CorpusDoc, code: string, at: string): { book: NewBook; chapters: NewChapter[] } {
  const reading = doc.title_sino_vietnamese ?? doc.title;
  return {
    book: {
      code,
      title: normalizeText(doc.title),
      title_original: doc.title_original ?? null,
      title_sino_vietnamese: doc.title_sino_vietnamese ?? null,
      author: doc.author,
      translator: doc.translator ?? null,
      compiler: doc.compiler ?? null,
      description: `Bản phiên âm Hán-Việt của ${reading}, đặt song song với nguyên văn chữ Hán, để đọc tụng và tra cứu.`,
      category: 'Kinh tụng',
      cover_image: null,
      status: 'published',
      license_spdx: doc.license.spdx,
      license_name: doc.license.name,
      license_url: doc.license.url,
      license_attribution: doc.compiler ? `Bản phiên âm: ${doc.compiler}.` : null,
      license_note: doc.license.note ?? null,
      source_url: sourceUrlOf(doc),
      created_at: at,
      updated_at: at,
      published_at: at,
    },
    chapters: doc.chapters.map((chapter) => ({
      code: `${code}-${chapter.index}`,
      position: chapter.index,
      title: chapter.title ? normalizeText(chapter.title) : null,
      title_original: chapter.title_original ?? null,
      section: chapter.section ?? null,
      body_html: paragraphsToHtml(paragraphsOf(chapter.paragraphs)),
      parallel_html: chapter.parallel ? paragraphsToHtml(paragraphsOf(chapter.parallel['zh-Hant']), 'zh-Hant') : null,
      created_at: at,
      updated_at: at,
    })),
  };
}

/** An encyclopedia article of the corpus as a published article: its sections as headings and paragraphs. */
export function corpusArticleRow(
  doc: CorpusDoc,
  options: { slug: string; title: string; categoryId: number | null; at: string; publishedAt?: string },
): NewArticle {
  const body = doc.chapters
    .map((c) => {
      const heading = c.title ? `<h2>${escapeHtml(normalizeText(c.title))}</h2>\n` : '';
      return (
        heading +
        paragraphsOf(c.paragraphs)
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join('\n')
      );
    })
    .join('\n');
  // The first real sentence: some articles open with a bare line such as map coordinates.
  const paragraphs = doc.chapters.flatMap((c) => c.paragraphs);
  const first = paragraphs.find((p) => p.trim().split(/\s+/).length >= 6) ?? paragraphs[0] ?? '';
  return {
    slug: options.slug,
    category_id: options.categoryId,
    title: normalizeText(options.title),
    summary: summarize(normalizeText(first)),
    body_html: body,
    cover_image: null,
    author: 'Các tác giả Wikipedia tiếng Việt',
    status: 'published',
    license_spdx: doc.license.spdx,
    license_name: doc.license.name,
    license_url: doc.license.url,
    license_attribution: doc.license.attribution ?? null,
    license_note: doc.license.note ?? null,
    source_url: sourceUrlOf(doc),
    published_at: options.publishedAt ?? options.at,
    created_at: options.at,
    updated_at: options.publishedAt && options.publishedAt > options.at ? options.publishedAt : options.at,
  };
}
