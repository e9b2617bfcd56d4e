/**
 * The benchmark library: ../shared/corpus (books, articles, distractors.jsonl) repeated until it
 * holds enough passages, each copy after the first perturbed a little (sentence order, tone-mark
 * placement, missing diacritics, the look-alike Ð, dropped or doubled words) so that copies are
 * not identical. Rows are made by the demo import's own mapping (server/lib/corpus-rows.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { normalizeText } from '#common/text/vietnamese.ts';
import { corpusArticleRow, corpusBookRows } from '#server/lib/corpus-rows.ts';
import type { NewArticle } from '#server/repositories/article.repository.ts';
import type { NewBook, NewChapter } from '#server/repositories/book.repository.ts';

/** The corpus document format (../shared/corpus/README.md), the fields we use. */
export interface CorpusDocument {
  id: string;
  type: 'book' | 'article';
  title: string;
  title_original?: string | null;
  title_sino_vietnamese?: string | null;
  author: string;
  translator?: string | null;
  compiler?: string;
  source: { repository: string; path: string; commit: string; url?: string };
  license: { spdx: string; name: string; url: string; note?: string; attribution?: string };
  chapters: {
    index: number;
    title: string | null;
    title_original?: string;
    paragraphs: string[];
    parallel?: { 'zh-Hant': string[] };
    section?: string;
  }[];
}

export interface CategoryPlan {
  categories: { slug: string; name: string; description: string }[];
  articles: Record<string, string>;
  titles?: Record<string, string>;
}

export function corpusPaths(corpusDir: string) {
  return {
    books: path.join(corpusDir, 'books'),
    articles: path.join(corpusDir, 'articles'),
    distractors: path.join(corpusDir, 'distractors.jsonl'),
  };
}

function readJsonDir(dir: string): CorpusDocument[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CorpusDocument);
}

export function readBooks(corpusDir: string): CorpusDocument[] {
  return readJsonDir(corpusPaths(corpusDir).books);
}

export function readArticles(corpusDir: string): CorpusDocument[] {
  return readJsonDir(corpusPaths(corpusDir).articles);
}

/** distractors.jsonl one document at a time (11.7 M characters: never held whole). */
export async function* readDistractors(corpusDir: string): AsyncGenerator<CorpusDocument> {
  const input = fs.createReadStream(corpusPaths(corpusDir).distractors, 'utf8');
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line.trim()) yield JSON.parse(line) as CorpusDocument;
  } finally {
    lines.close();
    input.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** FNV-1a of a string: seeds one PRNG per (seed, copy, document), independent of reading order. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Perturbation

const TONE = '[\u0300\u0301\u0303\u0309\u0323]';
// An open syllable ending in oa / oe / uy, tone on the first vowel (hòa, khỏe, thủy) or on the second (hoà, khoẻ, thuỷ).
const TONE_FIRST = new RegExp(`^(.*?)([oOuU])(${TONE})([aAeEyY])$`);
const TONE_SECOND = new RegExp(`^(.*?)([oOuU])([aAeEyY])(${TONE})$`);
const PAIRS = new Set(['oa', 'oe', 'uy']);
const VOWEL_BEFORE = /[aeiouyAEIOUY\p{M}]$/u;

/** "hòa" ↔ "hoà", "thủy" ↔ "thuỷ", "khỏe" ↔ "khoẻ"; other words unchanged. */
export function swapTonePlacement(word: string): string {
  if (/^qu/i.test(word)) return word;
  const nfd = word.normalize('NFD');
  const first = TONE_FIRST.exec(nfd);
  if (first) {
    const [, head = '', v1 = '', tone = '', v2 = ''] = first;
    if (PAIRS.has((v1 + v2).toLowerCase()) && !VOWEL_BEFORE.test(head)) return (head + v1 + v2 + tone).normalize('NFC');
  }
  const second = TONE_SECOND.exec(nfd);
  if (second) {
    const [, head = '', v1 = '', v2 = '', tone = ''] = second;
    if (PAIRS.has((v1 + v2).toLowerCase()) && !VOWEL_BEFORE.test(head)) return (head + v1 + tone + v2).normalize('NFC');
  }
  return word;
}

/** Every mark removed, đ → d, case kept ("Phật" → "Phat"). */
export function stripDiacritics(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFC');
}

/** A token's letters, apart from punctuation around them: "(hòa," → ["(", "hòa", ","]. */
const TOKEN = /^(\P{L}*)([\p{L}\p{M}]+)([\s\S]*)$/u;

function mapLetters(token: string, change: (letters: string) => string): string {
  const m = TOKEN.exec(token);
  if (!m) return token;
  return (m[1] ?? '') + change(m[2] ?? '') + (m[3] ?? '');
}

const SENTENCE_BREAK = /(?<=[.!?…])\s+(?=\p{Lu})/u;

export interface PerturbRates {
  /** Per paragraph: sentences put in another order (when it has two or more). */
  shuffleSentences: number;
  /** Per word: */
  swapTone: number;
  stripDiacritics: number;
  drop: number;
  duplicate: number;
  /** Per word starting with Đ: written with the look-alike Ð (U+00D0). */
  eth: number;
}

export const DEFAULT_RATES: PerturbRates = {
  shuffleSentences: 0.25,
  swapTone: 0.04,
  stripDiacritics: 0.01,
  drop: 0.006,
  duplicate: 0.006,
  eth: 0.05,
};

/**
 * One paragraph, perturbed with `random`: never emptied, never left unchanged (when no rule fired,
 * one word gets its tone moved, its diacritics stripped or is written twice), so copies of a
 * passage never tie exactly.
 */
export function perturb(paragraph: string, random: () => number, rates: PerturbRates = DEFAULT_RATES): string {
  let text = paragraph;
  if (random() < rates.shuffleSentences) {
    const sentences = text.split(SENTENCE_BREAK);
    if (sentences.length > 1) {
      for (let i = sentences.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [sentences[i], sentences[j]] = [sentences[j]!, sentences[i]!];
      }
      text = sentences.join(' ');
    }
  }
  const words = text.split(' ');
  const out: string[] = [];
  const a = rates.swapTone;
  const b = a + rates.stripDiacritics;
  const c = b + rates.drop;
  const d = c + rates.duplicate;
  for (const word of words) {
    const u = random();
    let w = word;
    if (u < a) w = mapLetters(w, swapTonePlacement);
    else if (u < b) w = mapLetters(w, stripDiacritics);
    else if (u < c) continue;
    else if (u < d) out.push(w);
    if (w.charCodeAt(0) === 0x110 && random() < rates.eth) w = '\u00D0' + w.slice(1);
    out.push(w);
  }
  if (out.length === 0) return paragraph;
  const result = out.join(' ');
  if (result !== paragraph) return result;
  const i = Math.floor(random() * out.length);
  const word = out[i]!;
  const changed = [mapLetters(word, swapTonePlacement), mapLetters(word, stripDiacritics)].find((w) => w !== word);
  if (changed) out[i] = changed;
  else out.splice(i, 0, word);
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Rows, as demo-import.service.ts makes them

const AT = '2026-01-01T00:00:00.000Z';

/** The suffix of a copy's code or slug: none for the original, `-b3` for copy 3. */
export function copySuffix(copy: number): string {
  return copy === 0 ? '' : `-b${copy}`;
}

/**
 * Chapter titles and paragraphs of a document for one copy: normalised like the demo import, then
 * perturbed (copies ≥ 1) — after normalising, so the stored text keeps the look-alike Ð for the
 * indexer to fold. The document's own title stays as it is.
 */
function textsOf(doc: CorpusDocument, copy: number, seed: string) {
  const random = copy === 0 ? null : prng(hashSeed(`${seed}:${copy}:${doc.id}`));
  const change = (text: string) => (random ? perturb(normalizeText(text), random) : normalizeText(text));
  return doc.chapters.map((chapter) => ({
    title: chapter.title ? change(chapter.title) : null,
    paragraphs: chapter.paragraphs.map(change),
  }));
}

export interface BookRows {
  book: NewBook;
  chapters: NewChapter[];
  /** Passages the indexer will make: the title block, chapter titles, paragraphs. */
  passages: number;
  paragraphs: number;
}

/** The document with its copy's texts (chapter titles and paragraphs perturbed for copies ≥ 1). */
function copyOf(doc: CorpusDocument, copy: number, seed: string): CorpusDocument {
  const texts = textsOf(doc, copy, seed);
  return {
    ...doc,
    chapters: doc.chapters.map((chapter, i) => ({
      ...chapter,
      title: texts[i]?.title ?? null,
      paragraphs: texts[i]?.paragraphs ?? [],
    })),
  };
}

/** Passages the indexer will make of a document (title block + headings + paragraphs), and its paragraphs. */
function countsOf(doc: CorpusDocument): { passages: number; paragraphs: number } {
  let passages = 1;
  let paragraphs = 0;
  for (const chapter of doc.chapters) {
    passages += (chapter.title?.trim() ? 1 : 0) + chapter.paragraphs.filter((p) => p.trim()).length;
    paragraphs += chapter.paragraphs.length;
  }
  return { passages, paragraphs };
}

/** A book's rows, made by the demo import's own mapping (server/lib/corpus-rows.ts). */
export function bookRows(doc: CorpusDocument, copy: number, seed: string): BookRows {
  const copied = copyOf(doc, copy, seed);
  const rows = corpusBookRows(copied, doc.id.replace(/^knt-/, '') + copySuffix(copy), AT);
  return { ...rows, ...countsOf(copied) };
}

export interface ArticleRows {
  article: NewArticle;
  passages: number;
  paragraphs: number;
}

export function articleRows(
  doc: CorpusDocument,
  copy: number,
  seed: string,
  plan: CategoryPlan,
  categoryIds: Map<string, number>,
): ArticleRows {
  const copied = copyOf(doc, copy, seed);
  const category = plan.articles[doc.id];
  const article = corpusArticleRow(copied, {
    slug: doc.id.replace(/^viwiki-/, '') + copySuffix(copy),
    title: plan.titles?.[doc.id] ?? doc.title,
    categoryId: category ? (categoryIds.get(category) ?? null) : null,
    at: AT,
  });
  return { article, ...countsOf(copied) };
}
