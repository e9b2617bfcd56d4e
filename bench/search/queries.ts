/**
 * The fixed query mix: hand-picked queries (very common words, types, conditions, no hit, inside a
 * book) plus rare words and real phrases drawn from the corpus with a seeded PRNG, so the same
 * seed always gives the same ~60 queries.
 */
import { ZSearchRequestSchema, type SearchRequest, type SearchRequestInput } from '#common/contracts/search.schema.ts';
import { tokenize } from '#common/text/search-tokens.ts';
import { hasDiacritics, normalizeText, toFoldedForm } from '#common/text/vietnamese.ts';
import { hashSeed, prng, readArticles, readBooks, readDistractors, type CorpusDocument } from './corpus.ts';

export const QUERY_CLASSES = ['common', 'medium', 'rare', 'phrase', 'conditions', 'in-book', 'no-hit'] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface BenchQuery {
  /** Short stable label, e.g. `common-03`. */
  id: string;
  cls: QueryClass;
  request: SearchRequest;
}

/** A request as the API would validate it (normalised query, defaults filled in). */
function request(input: SearchRequestInput): SearchRequest {
  return ZSearchRequestSchema.parse({ page: 1, perPage: 10, ...input });
}

type Spec = Omit<SearchRequestInput, 'query'> & { q: string };

const COMMON: Spec[] = [
  { q: 'phật' },
  { q: 'phật', mode: 'broad' },
  { q: 'phật', type: 'book' },
  { q: 'phật', type: 'article' },
  { q: 'phật', type: 'audio' },
  { q: 'phật', type: 'video' },
  { q: 'phật', type: 'transcript' },
  { q: 'phat' },
  { q: 'phat', mode: 'broad' },
  { q: 'không' },
  { q: 'khong', mode: 'broad' },
  { q: 'và' },
  { q: 'của' },
  { q: 'của', mode: 'broad', type: 'article' },
  { q: 'là' },
  { q: 'các', mode: 'broad' },
  { q: 'phật giáo' },
  { q: 'phat giao' },
  { q: 'phật giáo', mode: 'broad' },
  { q: 'việt nam' },
  { q: 'của và là', mode: 'broad' },
];

const MEDIUM: Spec[] = [
  { q: 'chùa' },
  { q: 'bồ tát', type: 'book' },
  { q: 'bo tat', mode: 'broad' },
  { q: 'thiền tông' },
  { q: 'quán thế âm' },
  { q: 'niết bàn' },
  { q: 'a di đà phật', mode: 'broad' },
];

const FIXED_RARE: Spec[] = [
  { q: 'borobudur' },
  { q: 'kinkakuji', type: 'article' },
  { q: 'yên tử' },
  { q: 'tu bồ đề', type: 'book' },
];

const CONDITIONS: Spec[] = [
  { q: 'phật', conditions: ['chùa'] },
  { q: 'thiền', conditions: ['nhật bản'] },
  { q: 'chua', conditions: ['ha noi'] },
  { q: 'bồ tát', mode: 'broad', conditions: ['quán thế âm'] },
  { q: 'phật giáo', conditions: ['việt nam', 'trung quốc'] },
  { q: 'và', conditions: ['của'] },
  { q: 'kinh', type: 'book', conditions: ['bồ tát'] },
  { q: 'vua', mode: 'broad', conditions: ['lý thái tổ'], type: 'article' },
];

const IN_BOOK: Spec[] = [
  { q: 'bồ tát', bookCode: 'kinh-kim-cang' },
  { q: 'tu bo de', mode: 'broad', bookCode: 'kinh-kim-cang' },
];

const NO_HIT: Spec[] = [
  { q: 'xyzzy plugh' },
  // Telex keystrokes: no hit, then the service tries the converted query ("phật giáo") for a suggestion.
  { q: 'phaajt giaos' },
];

const WORD_ONLY = /^[\p{L}\p{M}]+$/u;

/** Every paragraph of the original corpus (books, articles, distractors), in a fixed order. */
async function corpusParagraphs(corpusDir: string): Promise<string[]> {
  const out: string[] = [];
  const add = (doc: CorpusDocument) => {
    for (const c of doc.chapters) for (const p of c.paragraphs) out.push(normalizeText(p));
  };
  readBooks(corpusDir).forEach(add);
  readArticles(corpusDir).forEach(add);
  for await (const doc of readDistractors(corpusDir)) add(doc);
  return out;
}

// A Vietnamese syllable: only Vietnamese marks, and (without them) an initial consonant, one to
// three vowels and a final consonant as Vietnamese spells them.
const VIETNAMESE_MARKS = /^(?:[a-zđ]|[\u0300\u0301\u0302\u0303\u0306\u0309\u031B\u0323])+$/u;
const SYLLABLE = /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnpqrstvx])?[aeiouy]{1,3}(ch|ng|nh|[cmnpt])?$/;

function isVietnameseSyllable(exact: string): boolean {
  return VIETNAMESE_MARKS.test(exact.normalize('NFD')) && SYLLABLE.test(toFoldedForm(exact));
}

/**
 * Rare words: Vietnamese syllables with diacritics, 4+ letters, in 2–4 paragraphs of the original
 * corpus (so in about 2–4 × copies passages of the library), also rare without diacritics (so the
 * folded query stays rare); a few picked with the seed.
 */
function pickRareWords(paragraphs: string[], random: () => number, count: number): string[] {
  const df = new Map<string, number>();
  const foldedDf = new Map<string, number>();
  for (const p of paragraphs) {
    const tokens = tokenize(p);
    for (const w of new Set(tokens.map((t) => t.exact))) df.set(w, (df.get(w) ?? 0) + 1);
    for (const w of new Set(tokens.map((t) => t.folded))) foldedDf.set(w, (foldedDf.get(w) ?? 0) + 1);
  }
  const candidates = [...df]
    .filter(
      ([w, n]) =>
        n >= 2 &&
        n <= 4 &&
        w.length >= 4 &&
        hasDiacritics(w) &&
        isVietnameseSyllable(w) &&
        (foldedDf.get(toFoldedForm(w)) ?? 0) <= 6,
    )
    .map(([w]) => w)
    .sort();
  const picked: string[] = [];
  while (picked.length < count && candidates.length > 0) {
    const [w] = candidates.splice(Math.floor(random() * candidates.length), 1);
    if (w) picked.push(w);
  }
  return picked;
}

/** Real 2–3 word phrases (adjacent words, no punctuation between them, at least one with diacritics). */
function pickPhrases(paragraphs: string[], random: () => number, count: number): string[] {
  const picked: string[] = [];
  for (let attempts = 0; picked.length < count && attempts < 10_000; attempts++) {
    const p = paragraphs[Math.floor(random() * paragraphs.length)] ?? '';
    const words = p.split(/\s+/);
    const length = random() < 0.5 ? 2 : 3;
    if (words.length < length) continue;
    const start = Math.floor(random() * (words.length - length + 1));
    const phrase = words.slice(start, start + length);
    if (!phrase.every((w) => WORD_ONLY.test(w))) continue;
    const text = phrase.join(' ');
    if (!hasDiacritics(text) || picked.includes(text)) continue;
    picked.push(text);
  }
  return picked;
}

/** The whole query mix for a seed (about 60 queries). */
export async function buildQueries(corpusDir: string, seed: string): Promise<BenchQuery[]> {
  const paragraphs = await corpusParagraphs(corpusDir);
  const random = prng(hashSeed(`${seed}:queries`));
  const rare = pickRareWords(paragraphs, random, 6);
  const phrases = pickPhrases(paragraphs, random, 12);

  const out: BenchQuery[] = [];
  const add = (cls: QueryClass, specs: Spec[]) => {
    for (const { q, ...rest } of specs) {
      const n = out.filter((x) => x.cls === cls).length + 1;
      out.push({ id: `${cls}-${String(n).padStart(2, '0')}`, cls, request: request({ query: q, ...rest }) });
    }
  };
  add('common', COMMON);
  add('medium', MEDIUM);
  add('rare', [
    ...FIXED_RARE,
    // Half as typed, half without diacritics; one broad query with two rare words.
    ...rare.slice(0, 3).map((q) => ({ q })),
    ...rare.slice(3, 5).map((q) => ({ q: toFoldedForm(q) })),
    ...(rare.length >= 6 ? [{ q: `${rare[5]} ${rare[0]}`, mode: 'broad' as const }] : []),
  ]);
  add('phrase', [
    // With diacritics as found (strict), without diacritics (strict, folded), and as broad queries.
    ...phrases.slice(0, 6).map((q) => ({ q })),
    ...phrases.slice(6, 9).map((q) => ({ q: toFoldedForm(q) })),
    ...phrases.slice(9, 12).map((q) => ({ q, mode: 'broad' as const })),
  ]);
  add(
    'conditions',
    CONDITIONS.map((s) => ({ ...s, conditionType: 'AND' as const })),
  );
  add('in-book', IN_BOOK);
  add('no-hit', NO_HIT);
  return out;
}

/** A short description of a request for tables: `"phật giáo" broad book +[việt nam]`. */
export function describe(r: SearchRequest): string {
  const parts = [`"${r.query}"`];
  if (r.mode !== 'strict') parts.push(r.mode);
  if (r.type !== 'all') parts.push(r.type);
  if (r.conditions.length > 0) parts.push(`+[${r.conditions.join(', ')}]`);
  if (r.bookCode) parts.push(`in ${r.bookCode}`);
  return parts.join(' ');
}
