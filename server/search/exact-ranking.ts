import { compileQuery, idf, passageWords, scorePassage, type CompiledQuery, type Passage } from './bm25.ts';
import { SEQ_SPAN } from './passage-id.ts';
import type { EngineQuery, ItemHit } from './search-index.ts';

/**
 * Items ranked by exact BM25 (server/search/bm25.ts) from the passages the required words match,
 * scored in JavaScript: what an engine without FTS5's bm25() (PostgreSQL) ranks with, and the
 * reference of every shortcut. Decision 0028.
 */

/** What BM25 needs of the library: passages, tokens in both columns, each phrase's passages. */
export interface LibraryFigures {
  passages: number;
  /** Tokens of every passage, both columns counted (2 × words). */
  tokens: number;
}

/** The compiled query and the IDF of each of its phrases, given each phrase's passages. */
export async function prepareQuery(
  query: EngineQuery,
  figures: LibraryFigures,
  passagesWith: (phrase: { form: 'exact' | 'folded'; words: string[] }) => Promise<number>,
): Promise<{ compiled: CompiledQuery; stats: LibraryFigures & { idf: number[] } }> {
  const compiled = compileQuery(query);
  // The same phrase may occur twice (a NEAR boost repeats the required words): counted once.
  const counted = new Map<string, Promise<number>>();
  const idfs = await Promise.all(
    compiled.phrases.map(async (phrase) => {
      const key = `${phrase.form}:${phrase.words.join(' ')}`;
      if (!counted.has(key)) counted.set(key, passagesWith(phrase));
      return idf(figures.passages, await counted.get(key)!);
    }),
  );
  return { compiled, stats: { ...figures, idf: idfs } };
}

/**
 * Scores passages and keeps, per item, the best score and the passages that match. A row gives its
 * text (tokenised here) or the positions of the query's words (PostgreSQL, decision 0037).
 */
export function scoreItems(
  compiled: CompiledQuery,
  stats: LibraryFigures & { idf: number[] },
  rows: Iterable<{ id: number; body: string } | { id: number; passage: Passage }>,
): Map<number, ItemHit> {
  const items = new Map<number, ItemHit>();
  for (const row of rows) {
    const score = scorePassage(compiled, 'passage' in row ? row.passage : passageWords(row.body), stats);
    if (score === null) continue;
    const itemKey = Math.floor(row.id / SEQ_SPAN);
    const hit = items.get(itemKey);
    if (!hit) items.set(itemKey, { itemKey, score, passages: 1 });
    else {
      hit.passages++;
      if (score > hit.score) hit.score = score;
    }
  }
  return items;
}
