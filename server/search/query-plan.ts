import type { EngineQuery, MatchClause } from './search-index.ts';

/**
 * Which of two exact plans answers a search of the library, chosen before it runs (decision 0057).
 *
 * - `full`: the engine ranks every match (FTS5's bm25(), or BM25 from PostgreSQL's positions).
 *   Its cost grows with the passages the engine walks: a clause (the required words, a boost, a
 *   condition) walks about as many passages as its rarest word holds — an engine intersecting
 *   words skips through the commoner ones.
 * - `postings`: block-max top k over the postings index (postings-ranking.ts). It reads every
 *   block bound of every word of the query and of the conditions before its first block, then
 *   blocks of the other words for each candidate: a cost that the common words of a search make
 *   large even when its rare word leaves few matches, and that pays off only when there are many
 *   matches to leave unscored.
 *
 * Both give the same page (the same items in the same order, the same passages per item and the
 * same counts): the choice changes only the time. Each plan's cost is estimated from the words'
 * passages (search_terms) with weights per engine (PLAN_WEIGHTS).
 */

export type RankingPlan = 'postings' | 'full';

/** The passages each part of a search touches, from its words' document frequencies. */
export interface PlanEstimate {
  /** Passages the full ranking walks for the required words: their rarest word's. */
  requiredWalk: number;
  /** Several required words (a phrase, or all of them): only the passages holding all are scored. */
  intersected: boolean;
  /** For the boosts (the reader's diacritics, NEAR): each one's rarest word's, summed. */
  boostWalk: number;
  /** For the conditions (matched, not scored): each one's rarest word's, summed. */
  conditionWalk: number;
  /**
   * Passages of the words the postings plan reads beside the one it leads with (the rarest required
   * word): the boosts', the conditions', the other required words' — their bounds, and their blocks
   * for each candidate of the leading word.
   */
  companionWords: number;
}

/** Microseconds per passage of each part, per engine (bench/search, decision 0057). */
export interface PlanWeights {
  /** A passage of one required word ranked in full (every passage of the word is a match). */
  ranked: number;
  /** A passage of the rarest of several required words walked (only those holding all are scored). */
  intersected: number;
  /** A passage of a boost walked by the full ranking. */
  boost: number;
  /**
   * The boosts are not walked when the required words hold at most this many passages (SQLite
   * then scores those few in JavaScript: fts5-search-index.ts, SCORED_PASSAGES).
   */
  boostsSkippedUpTo: number;
  /** A passage of a condition matched by the full ranking. */
  condition: number;
  /** The postings plan: before any block (statements, the directory). */
  postingsBase: number;
  /** … per passage of its companion words (the bounds of their blocks, the blocks read for candidates). */
  companionWord: number;
  /**
   * The full ranking is never chosen past this many passages of the required words (PostgreSQL
   * ranks exactly up to its EXACT_PASSAGES only).
   */
  exactUpTo: number;
}

// Read from bench/search at 200,000 passages on each engine, both plans forced per search in one
// run (decision 0057). PostgreSQL ranks a word alone in full at several times SQLite's cost per
// match (it reads each match's positions from its row), and exactly up to EXACT_PASSAGES only.
export const PLAN_WEIGHTS: Readonly<Record<'sqlite' | 'postgres', PlanWeights>> = {
  sqlite: {
    ranked: 1,
    intersected: 0.35,
    boost: 0.4,
    boostsSkippedUpTo: 600,
    condition: 0.2,
    postingsBase: 3_000,
    companionWord: 0.1,
    exactUpTo: Infinity,
  },
  postgres: {
    ranked: 3,
    intersected: 1,
    boost: 0,
    boostsSkippedUpTo: Infinity,
    condition: 0.5,
    postingsBase: 2_000,
    companionWord: 0.1,
    exactUpTo: 5_000,
  },
};

export interface PlanChoice extends PlanEstimate {
  plan: RankingPlan;
  /** Each plan's estimated cost, µs. */
  fullCost: number;
  postingsCost: number;
}

/**
 * The estimate of a search from each word's passages (`passagesOf`: 0 for a word in no passage).
 * Nothing matches when a required word is in no passage: then nothing is walked at all.
 */
export function estimatePlans(
  query: EngineQuery,
  conditions: readonly MatchClause[],
  passagesOf: (form: MatchClause['form'], word: string) => number,
): PlanEstimate {
  const rarest = (clause: MatchClause) => Math.min(...clause.words.map((w) => passagesOf(clause.form, w)));
  const sum = (clauses: readonly MatchClause[]) => clauses.reduce((n, clause) => n + rarest(clause), 0);
  const words = new Map<string, number>();
  for (const clause of [query.required, ...query.boosts, ...conditions])
    for (const word of clause.words) words.set(`${clause.form}:${word}`, passagesOf(clause.form, word));
  const requiredWalk = rarest(query.required);
  const intersected = new Set(query.required.words).size > 1;
  if (requiredWalk === 0) return { requiredWalk: 0, intersected, boostWalk: 0, conditionWalk: 0, companionWords: 0 };
  return {
    requiredWalk,
    intersected,
    boostWalk: sum(query.boosts),
    conditionWalk: sum(conditions),
    // Every word's passages but the leading word's.
    companionWords: [...words.values()].reduce((n, p) => n + p, 0) - requiredWalk,
  };
}

/** The cheaper plan by the engine's weights; `limit` caps the full ranking's walk (tests force a plan with it). */
export function choosePlan(estimate: PlanEstimate, weights: PlanWeights, limit = Infinity): PlanChoice {
  const boosts = estimate.requiredWalk > weights.boostsSkippedUpTo ? estimate.boostWalk * weights.boost : 0;
  const fullCost =
    estimate.requiredWalk * (estimate.intersected ? weights.intersected : weights.ranked) +
    boosts +
    estimate.conditionWalk * weights.condition;
  const postingsCost = weights.postingsBase + estimate.companionWords * weights.companionWord;
  const fullAllowed = estimate.requiredWalk <= Math.min(weights.exactUpTo, limit);
  return { ...estimate, fullCost, postingsCost, plan: fullAllowed && fullCost <= postingsCost ? 'full' : 'postings' };
}
