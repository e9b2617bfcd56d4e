import { tokenize } from '#common/text/search-tokens.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { B, EXACT_WEIGHT, FOLDED_WEIGHT, K1, NEAR_DISTANCE } from './ranking.ts';
import type { EngineQuery, MatchClause } from './search-index.ts';

/**
 * The ranking of search, written out: BM25 exactly as SQLite's FTS5 computes
 * `bm25(search_fts, EXACT_WEIGHT, FOLDED_WEIGHT)` for the expression `queryExpression(query)` of
 * fts5-search-index.ts — the definition bench/search measures every answer against.
 *
 * The expression is the required clause OR'ed with the boosts; each clause is one phrase, several
 * words that must all occur (each word a phrase), or a NEAR group (each word a phrase, within
 * NEAR_DISTANCE). For a passage, each phrase i of a clause that matches it contributes
 *
 *   IDF_i · f_i (k1 + 1) / (f_i + k1 (1 − b + b · D / avgdl))
 *
 * with f_i = the phrase's instances in the passage × its column's weight (NEAR keeps only the
 * instances that are near the others), D = the passage's tokens in both columns, avgdl = the
 * library's tokens in both columns ÷ passages, IDF_i = ln((N − n_i + 0.5) / (n_i + 0.5)) (at least
 * 1e-6) with N passages of which n_i contain the phrase anywhere in its column.
 *
 * Used as the exhaustive reference of the ranking tests, and to score candidates by any engine
 * that does not rank every match.
 */

export type Form = 'exact' | 'folded';

/** One phrase of the expression: its words in one column. */
export interface Phrase {
  form: Form;
  words: string[];
}

interface CompiledClause {
  kind: 'phrase' | 'all' | 'near';
  /** Indexes into `phrases`. */
  phrases: number[];
}

export interface CompiledQuery {
  phrases: Phrase[];
  clauses: CompiledClause[];
}

/** The passage's words in both columns (the same positions). */
export interface PassageWords {
  exact: readonly string[];
  folded: readonly string[];
}

/**
 * The same passage as positions of only the words a query asks for (read from PostgreSQL's
 * tsvectors, decision 0037): what BM25 needs without tokenising the text. `words`: the passage's
 * length in words (search_passages.tokens); a position is the word's index (any constant offset).
 */
export interface PassagePositions {
  words: number;
  exact: ReadonlyMap<string, readonly number[]>;
  folded: ReadonlyMap<string, readonly number[]>;
}

export type Passage = PassageWords | PassagePositions;

function isPositions(passage: Passage): passage is PassagePositions {
  return !Array.isArray(passage.exact);
}

/** The passage's length in words. */
export function passageLength(passage: Passage): number {
  return isPositions(passage) ? passage.words : passage.exact.length;
}

export function passageWords(body: string): PassageWords {
  const tokens = tokenize(normalizeText(body));
  return { exact: tokens.map((t) => t.exact), folded: tokens.map((t) => t.folded) };
}

/** The phrases and clauses of the FTS5 expression the engine runs for `query` (same order). */
export function compileQuery(query: EngineQuery): CompiledQuery {
  const phrases: Phrase[] = [];
  const clauses: CompiledClause[] = [];
  const add = (clause: MatchClause, kind: CompiledClause['kind']) => {
    const groups = kind === 'phrase' ? [clause.words] : clause.words.map((w) => [w]);
    const indexes = groups.map((words) => phrases.push({ form: clause.form, words }) - 1);
    clauses.push({ kind, phrases: indexes });
  };
  add(query.required, query.required.phrase ? 'phrase' : 'all');
  for (const boost of query.boosts) {
    if (!boost.phrase && boost.words.length > 1) add(boost, 'near');
    else add(boost, boost.phrase ? 'phrase' : 'all');
  }
  return { phrases, clauses };
}

/** Start positions of the phrase in the column's words. */
export function phrasePositions(words: readonly string[], phrase: readonly string[]): number[] {
  const out: number[] = [];
  const first = phrase[0];
  for (let p = 0; p + phrase.length <= words.length; p++) {
    if (words[p] !== first) continue;
    let j = 1;
    while (j < phrase.length && words[p + j] === phrase[j]) j++;
    if (j === phrase.length) out.push(p);
  }
  return out;
}

/** Start positions of the phrase, from each word's ascending positions (the same as phrasePositions). */
export function phrasePositionsOf(
  positions: ReadonlyMap<string, readonly number[]>,
  phrase: readonly string[],
): number[] {
  const starts = positions.get(phrase[0]!) ?? [];
  if (phrase.length === 1) return [...starts];
  const rest = phrase.slice(1).map((word) => new Set(positions.get(word) ?? []));
  if (rest.some((set) => set.size === 0)) return [];
  return starts.filter((p) => rest.every((set, j) => set.has(p + j + 1)));
}

function phraseStarts(passage: Passage, phrase: Phrase): number[] {
  return isPositions(passage)
    ? phrasePositionsOf(passage[phrase.form], phrase.words)
    : phrasePositions(passage[phrase.form], phrase.words);
}

/**
 * FTS5's NEAR test (fts5ExprNearIsMatch): walks the phrases' positions together and keeps, for each
 * phrase, the positions that take part in a window where every phrase occurs within `distance`.
 * Returns the kept positions per phrase, or null when the group does not match.
 */
export function nearPositions(
  lists: readonly number[][],
  lengths: readonly number[],
  distance: number,
): number[][] | null {
  if (lists.some((l) => l.length === 0)) return null;
  const at = lists.map(() => 0);
  const kept: number[][] = lists.map(() => []);
  const pos = (i: number) => lists[i]![at[i]!]!;
  const lookahead = (i: number) => (at[i]! + 1 < lists[i]!.length ? lists[i]![at[i]! + 1]! : Infinity);
  /** Advances phrase i; false at its end (the walk stops, as FTS5's goto ismatch_out). */
  const next = (i: number) => {
    at[i]!++;
    return at[i]! < lists[i]!.length;
  };
  walk: for (;;) {
    let max = pos(0);
    let matched: boolean;
    do {
      matched = true;
      for (let i = 0; i < lists.length; i++) {
        const min = max - lengths[i]! - distance;
        if (pos(i) < min || pos(i) > max) {
          matched = false;
          while (pos(i) < min) if (!next(i)) break walk;
          if (pos(i) > max) max = pos(i);
        }
      }
    } while (!matched);
    for (let i = 0; i < lists.length; i++) {
      const list = kept[i]!;
      if (list.length === 0 || list[list.length - 1] !== pos(i)) list.push(pos(i));
    }
    let advance = 0;
    for (let i = 1; i < lists.length; i++) if (lookahead(i) < lookahead(advance)) advance = i;
    if (!next(advance)) break;
  }
  return kept[0]!.length > 0 ? kept : null;
}

/**
 * Instances of each phrase counted for the passage (0 for phrases of clauses that do not match it),
 * or null when the required clause (the first) does not match: boosts add to the score of the
 * passages the required words find, they find none of their own.
 */
export function phraseInstances(query: CompiledQuery, passage: Passage): number[] | null {
  const counts = query.phrases.map(() => 0);
  let required = false;
  for (const [c, clause] of query.clauses.entries()) {
    const lists = clause.phrases.map((i) => phraseStarts(passage, query.phrases[i]!));
    if (lists.some((l) => l.length === 0)) {
      if (c === 0) return null;
      continue;
    }
    let found = lists;
    if (clause.kind === 'near') {
      const near = nearPositions(
        lists,
        clause.phrases.map((i) => query.phrases[i]!.words.length),
        NEAR_DISTANCE,
      );
      if (!near) continue;
      found = near;
    }
    if (c === 0) required = true;
    clause.phrases.forEach((phraseIndex, k) => (counts[phraseIndex]! += found[k]!.length));
  }
  return required ? counts : null;
}

/** Does the clause alone match the passage (the engine's `matchingItems` / required test)? */
export function clauseMatches(clause: MatchClause, passage: PassageWords): boolean {
  const compiled = compileQuery({ required: clause, boosts: [] });
  return phraseInstances(compiled, passage) !== null;
}

export function idf(passages: number, hits: number): number {
  const value = Math.log((passages - hits + 0.5) / (hits + 0.5));
  return value <= 0 ? 1e-6 : value;
}

export function columnWeight(form: Form): number {
  return form === 'exact' ? EXACT_WEIGHT : FOLDED_WEIGHT;
}

/** The library's figures BM25 needs: passages, tokens in both columns, and each phrase's IDF. */
export interface RankingStatistics {
  passages: number;
  /** Tokens of every passage, both columns counted (2 × words). */
  tokens: number;
  /** IDF of each phrase of the compiled query, in order. */
  idf: number[];
}

/** The passage's score (higher is better), or null when it is not a hit. As `-bm25(search_fts, 2, 1)`. */
export function scorePassage(query: CompiledQuery, passage: Passage, stats: RankingStatistics): number | null {
  const counts = phraseInstances(query, passage);
  if (!counts) return null;
  const avgdl = stats.tokens / stats.passages;
  const length = passageLength(passage) * 2;
  let score = 0;
  for (let i = 0; i < counts.length; i++) {
    const freq = counts[i]! * columnWeight(query.phrases[i]!.form);
    score += stats.idf[i]! * ((freq * (K1 + 1)) / (freq + K1 * (1 - B + (B * length) / avgdl)));
  }
  return score;
}
