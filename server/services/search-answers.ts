import type { CountsByType } from '#common/contracts/search.schema.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { RESULT_TYPE_OF_KIND, splitItemKey } from '#server/search/passage-id.ts';
import { SEARCH_RANKING_VERSION } from '#server/search/ranking.ts';
import type { RankingPlan } from '#server/search/query-plan.ts';
import type { EngineQuery, ItemHit, MatchClause } from '#server/search/search-index.ts';

/*
 * The ranked answers of the engine, in two tiers: this process's memory (a small LRU) and the
 * answers stored in the database for the index's generation (shared by every process; an answer
 * that was expensive to make is made once per generation, not once per reader).
 */

// Answers of the engine kept for repeated queries (tabs, pages, the popular queries), per process.
// A common word's answer lists ~10,000 items (~0.5 MB in memory): a hundred of them is plenty.
const CACHE_SIZE = 100;
export const CACHE_TTL_MS = 5 * 60_000;
// An answer that took the engine this long is stored for the index's generation (see rank()).
const STORE_AFTER_MS = 25;

export function emptyCounts(): CountsByType {
  return { all: 0, book: 0, video: 0, audio: 0, transcript: 0, article: 0 };
}

export interface RankedAnswer {
  /** Every matching item (conditions applied), best first. */
  items: ItemHit[];
  counts: CountsByType;
}

interface CacheEntry {
  at: number;
  generation: number;
  answer: RankedAnswer;
}

/**
 * The key of an answer: the ranking rule's version, the engine query, the conditions and the item
 * searched within. (The index's generation is kept beside it.)
 */
export function answerKey(
  plan: EngineQuery,
  conditions: MatchClause[],
  within: number | undefined,
  rankingVersion = SEARCH_RANKING_VERSION,
): string {
  return JSON.stringify([rankingVersion, plan, conditions, within ?? null]);
}

/** A stored answer: items as flat [itemKey, score, passages, …] triples (compact JSON). */
function encodeAnswer(answer: RankedAnswer): string {
  return JSON.stringify({
    counts: answer.counts,
    items: answer.items.flatMap((i) => [i.itemKey, i.score, i.passages]),
  });
}

function decodeAnswer(json: string): RankedAnswer {
  const { counts, items } = JSON.parse(json) as { counts: CountsByType; items: number[] };
  const out: ItemHit[] = [];
  for (let i = 0; i + 2 < items.length; i += 3)
    out.push({ itemKey: items[i]!, score: items[i + 1]!, passages: items[i + 2]! });
  return { counts, items: out };
}

export interface SearchServiceOptions {
  /** Answers that took the engine at least this long are stored (and served from the store). */
  storeAfterMs?: number;
  /** The ranking rule's version in every key (tests stand in for a deploy that changes the rule). */
  rankingVersion?: string;
  /**
   * Searches of the library always by this plan instead of the cheaper one (tests and the
   * benchmark compare them; decision 0057).
   */
  plan?: RankingPlan;
}

export function createRankedAnswers(deps: {
  repos: Repositories;
  logger: Logger;
  now: () => Date;
  options?: SearchServiceOptions;
}) {
  const { repos, logger, now } = deps;
  const storeAfterMs = deps.options?.storeAfterMs ?? STORE_AFTER_MS;
  const rankingVersion = deps.options?.rankingVersion ?? SEARCH_RANKING_VERSION;
  const keyOf = (plan: EngineQuery, conditions: MatchClause[], within: number | undefined) =>
    answerKey(plan, conditions, within, rankingVersion);
  const cache = new Map<string, CacheEntry>();

  function cached(key: string, generation: number): RankedAnswer | undefined {
    const entry = cache.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || now().getTime() - entry.at > CACHE_TTL_MS) {
      cache.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the oldest.
    cache.delete(key);
    cache.set(key, entry);
    return entry.answer;
  }

  function remember(key: string, generation: number, answer: RankedAnswer) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now().getTime(), generation, answer });
  }

  /** The engine's answer, conditions applied, in a stable order, with counts per type. */
  async function evaluate(plan: EngineQuery, conditions: MatchClause[], within: number | undefined) {
    // The items every condition allows, found first: the engine ranks among them only.
    let allowed: Set<number> | undefined;
    for (const condition of conditions) {
      const matching = await repos.search.matchingItems(condition);
      allowed = allowed ? new Set([...allowed].filter((key) => matching.has(key))) : matching;
    }
    let items = await repos.search.rankItems(plan, within, allowed);
    if (allowed) items = items.filter((item) => allowed.has(item.itemKey));
    // A stable order: score, then the item's key (books before talks, older items first).
    items.sort((a, b) => b.score - a.score || a.itemKey - b.itemKey);
    const counts = emptyCounts();
    for (const item of items) {
      counts[RESULT_TYPE_OF_KIND[splitItemKey(item.itemKey).kind] ?? 'book']++;
      counts.all++;
    }
    return { items, counts };
  }

  /**
   * Every matching item of the query, ranked, with counts per type. From this process's memory,
   * else from the answers stored for this generation of the index, else from the engine — and an
   * answer that was expensive to make (a common word matches a large part of the library) is
   * stored, so it is made once per generation, not once per reader.
   */
  async function rank(plan: EngineQuery, conditions: MatchClause[], within: number | undefined): Promise<RankedAnswer> {
    const key = keyOf(plan, conditions, within);
    const generation = await repos.search.generation();
    const hit = cached(key, generation);
    if (hit) return hit;

    const stored = await repos.searchAnswers.find(key, generation);
    if (stored) {
      const answer = decodeAnswer(stored);
      remember(key, generation, answer);
      return answer;
    }

    const started = performance.now();
    const answer = await evaluate(plan, conditions, within);
    remember(key, generation, answer);
    if (performance.now() - started >= storeAfterMs) await store(key, generation, answer);
    return answer;
  }

  async function store(key: string, generation: number, answer: RankedAnswer) {
    try {
      await repos.searchAnswers.save(key, generation, encodeAnswer(answer), now().toISOString());
    } catch (error) {
      // Storing is an optimisation: the reader has the answer anyway.
      logger.warn({ err: error }, 'could not store a search answer');
    }
  }

  return {
    rankingVersion,
    rank,
    /** Forgets this process's answers (stored ones follow the index's generation). */
    clear() {
      cache.clear();
    },
  };
}

export type RankedAnswers = ReturnType<typeof createRankedAnswers>;
