import type { SearchPassagesTable } from '#server/db/schema.ts';
import type { RankingStatistics } from './bm25.ts';
import type { LibraryFigures } from './exact-ranking.ts';

/**
 * The search engine behind one interface, so the rules (server/services/search.service.ts) do not
 * know whether FTS5 or PostgreSQL answers. Both receive words already normalised by
 * common/text/search-tokens.ts: the engines never tokenise or fold on their own.
 */

/** One passage to index: a paragraph, a transcript segment, a title block. */
export interface PassageInput {
  seq: number;
  body: string;
  part?: string | null;
  anchor?: string | null;
  startSeconds?: number | null;
}

/** An item (a book, a talk, a video…) and every passage of it. */
export interface ItemDocument {
  kind: number;
  itemId: number;
  passages: PassageInput[];
}

/** Words that must occur in a passage: as a phrase (in order, adjacent) or anywhere (all of them). */
export interface MatchClause {
  form: 'exact' | 'folded';
  words: string[];
  phrase: boolean;
}

/**
 * What to find: passages matching `required`. `boosts` are clauses whose matches add to the score
 * (they must be narrower than `required`): the exact diacritics, words close together.
 */
export interface EngineQuery {
  required: MatchClause;
  boosts: MatchClause[];
}

export interface ItemHit {
  itemKey: number;
  /** Higher is better. Scores compare only within one answer. */
  score: number;
  /** Matching passages in the item. */
  passages: number;
}

export type PassageRow = Omit<SearchPassagesTable, 'tokens'>;

export interface SearchIndex {
  /** Replaces every passage of the item (new or edited content). Runs in the caller's transaction. */
  replaceItem(document: ItemDocument): Promise<void>;
  removeItem(kind: number, itemId: number): Promise<void>;
  /** Removes every passage of one kind (before a full rebuild). */
  clearKind(kind: number): Promise<void>;
  /**
   * Every item with a matching passage, with its best passage's score; `within`: one item only;
   * `only`: what the search's conditions allow — PostgreSQL ranks among these items only, so that
   * the part it ranks exactly is chosen among the items shown (decision 0037); an engine that ranks
   * every match exactly may return others (the caller keeps the allowed ones).
   */
  rankItems(query: EngineQuery, within?: number, only?: ReadonlySet<number>): Promise<ItemHit[]>;
  /**
   * What BM25 needs for the query, as `rankItems` scores it: the library's totals and each phrase's
   * IDF (in compileQuery's order). For `scoreItems`.
   */
  rankingStatistics(query: EngineQuery): Promise<RankingStatistics>;
  /**
   * Passages `scoreItems` scores at one asking for less than ranking every match would cost
   * (SQLite reads and tokenises each one; PostgreSQL reads its words' positions).
   */
  readonly scoredPassages: number;
  /**
   * Exact BM25 (bm25.ts) of every matching passage of these items only, with those statistics: per
   * item its best passage's score and its matching passages (items without a match left out). What
   * the head tier asks for the few items it cannot bound (term-heads.ts, decision 0042).
   */
  scoreItems(query: EngineQuery, itemKeys: readonly number[], stats: RankingStatistics): Promise<ItemHit[]>;
  /** The keys of the items where the clause matches somewhere. */
  matchingItems(clause: MatchClause): Promise<Set<number>>;
  /**
   * The ids of an item's passages where the clause matches, in reading order, at most `limit`.
   * (No engine score: choosing which passages of an item to show is done in JavaScript, because
   * FTS5's bm25() rescans the whole index for its statistics on every call.)
   */
  matchingPassages(clause: MatchClause, itemKey: number, limit: number): Promise<number[]>;
  passages(ids: readonly number[]): Promise<PassageRow[]>;
  /** The library's passages and tokens (both columns) BM25 ranks with (FTS5: its own totals). */
  totals(): Promise<LibraryFigures>;
  /**
   * Recounts the library's totals BM25 needs (passages, tokens) from the passages, after a rebuild
   * wrote their lengths. (FTS5 keeps its own.)
   */
  recountTotals(): Promise<void>;
  /** How many passages are indexed. */
  size(): Promise<number>;
  /** A number that changes whenever the index changes (answers stored under another one are stale). */
  generation(): Promise<number>;
  /**
   * What BM25 needs of the whole library, read from the engine's own index (no text re-read):
   * passages, tokens in both columns, and the words found in at least `minPassages` passages.
   */
  wordStatistics(
    minPassages: number,
  ): Promise<{ passages: number; tokens: number; frequent: { form: 'exact' | 'folded'; term: string }[] }>;
  /** The most frequent words (by passages), with their form: the queries worth answering ahead. */
  frequentTerms(
    limit: number,
    minPassages: number,
  ): Promise<{ form: 'exact' | 'folded'; term: string; passages: number }[]>;
}
