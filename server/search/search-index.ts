import type { SearchPassagesTable } from '#server/db/schema.ts';
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
}
