import { PostgresAdapter } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { createFts5SearchIndex } from './fts5-search-index.ts';
import { SearchKind } from './passage-id.ts';
import { createPostgresSearchIndex, EXACT_PASSAGES, type PostgresSearchOptions } from './postgres-search-index.ts';
import { createPostings, termKey } from './postings.ts';
import { conditionCheck, COUNT_LIMIT, postingsPage, type PostingsAnswer } from './postings-ranking.ts';
import { choosePlan, estimatePlans, PLAN_WEIGHTS, type PlanChoice } from './query-plan.ts';
import type { EngineQuery, MatchClause, SearchIndex } from './search-index.ts';

const KINDS = Object.values(SearchKind);

/** A page of a search read from the postings index (postings-ranking.ts). */
export interface PostingsIndex {
  /**
   * The page `offset`, `limit` of the items of `kinds` (best first, as the full ranking orders
   * them), and the counts per kind; null while the index is being rebuilt.
   */
  page(
    query: EngineQuery,
    options: { kinds: readonly number[]; offset: number; limit: number; conditions?: readonly MatchClause[] },
  ): Promise<PostingsAnswer | null>;
  /**
   * The cheaper exact plan for a search of the library (query-plan.ts), from its words' passages
   * (one read of search_terms).
   */
  choosePlan(query: EngineQuery, conditions: readonly MatchClause[]): Promise<PlanChoice>;
  /** Items counted per kind when several words are required or conditions are given. */
  countLimit: number;
  /** Forgets every posting; the writes skip the postings until `rebuild` (a full index rebuild). */
  clear(): Promise<void>;
  /** Builds the postings from the passages. */
  rebuild(): Promise<{ terms: number; blocks: number }>;
}

/**
 * The engine that matches the database (FTS5 on SQLite, tsvector + GIN on PostgreSQL), with the
 * postings index (postings.ts) kept in step by the same writes.
 */
export function createSearchIndex(
  db: Executor,
  options: PostgresSearchOptions = {},
): SearchIndex & { postings: PostingsIndex } {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const engine = onPostgres ? createPostgresSearchIndex(db, options) : createFts5SearchIndex(db);
  // PostgreSQL's full ranking is exact up to its exactPassages only: never chosen past them.
  const weights = onPostgres
    ? { ...PLAN_WEIGHTS.postgres, exactUpTo: options.exactPassages ?? EXACT_PASSAGES }
    : PLAN_WEIGHTS.sqlite;
  const store = createPostings(db, () => engine.totals(), options.blockPostings);
  return {
    ...engine,
    async replaceItem(document) {
      await store.writeItem(document.kind, document.itemId, document);
      await engine.replaceItem(document);
    },
    async removeItem(kind, itemId) {
      await store.writeItem(kind, itemId, null);
      await engine.removeItem(kind, itemId);
    },
    async clearKind(kind) {
      await store.clearKind(kind);
      await engine.clearKind(kind);
    },
    postings: {
      async page(query, { kinds, offset, limit, conditions = [] }) {
        if (await store.paused()) return null;
        const figures = await engine.totals();
        return postingsPage(store, query, figures, {
          kinds,
          allKinds: KINDS,
          offset,
          limit,
          countLimit: options.countLimit,
          allowed: conditions.length > 0 ? conditionCheck(store, conditions, figures) : undefined,
        });
      },
      async choosePlan(query, conditions) {
        const clauses = [query.required, ...query.boosts, ...conditions];
        const keys = [...new Set(clauses.flatMap((c) => c.words.map((w) => termKey(c.form, w))))];
        const rows = await store.terms(keys);
        const estimate = estimatePlans(query, conditions, (form, word) => rows.get(termKey(form, word))?.passages ?? 0);
        return choosePlan(estimate, weights, options.fullRankingWalk);
      },
      countLimit: options.countLimit ?? COUNT_LIMIT,
      clear: store.clear,
      async rebuild() {
        // Passages written before lengths were kept (the transcripts a rebuild keeps) get theirs,
        // and the library's totals are recounted, before the bounds are computed from them.
        await store.fillLengths();
        await engine.recountTotals();
        return store.rebuild();
      },
    },
  };
}
