import type { CountsByType, SearchItem, SearchRequest, SearchResult } from '#common/contracts/search.schema.ts';
import type { SearchType } from '#common/contracts/search.values.ts';
import { snippet } from '#common/text/search-tokens.ts';
import { suggestFromTyping } from '#common/text/typing-conversion.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { itemKeyOf, RESULT_TYPE_OF_KIND, SearchKind, splitItemKey } from '#server/search/passage-id.ts';
import { capKindCounts, countedUpToLimit, type KindCounts } from '#server/search/postings-ranking.ts';
import type { EngineQuery, ItemHit, MatchClause } from '#server/search/search-index.ts';
import {
  CACHE_TTL_MS,
  createRankedAnswers,
  emptyCounts,
  type RankedAnswer,
  type SearchServiceOptions,
} from './search-answers.ts';
import { createPopularSearches, type SearchClient } from './search-popular.ts';
import { conditionClauses, highlightOptions, planQuery } from './search-query.ts';
import { bestPassages, presentables } from './search-results.ts';

export { answerKey, type SearchServiceOptions } from './search-answers.ts';
export { type SearchClient } from './search-popular.ts';
export { planQuery } from './search-query.ts';

/**
 * Search: the reader's query → the engine's clauses (search-query.ts) → ranked items, from
 * memory, the stored answers or the engine (search-answers.ts) → one page with the best passages,
 * snippets, labels and addresses (search-results.ts) and counts per type. Counting "most searched"
 * is search-popular.ts.
 */

const SNIPPET_LENGTH = 260;
// Whole pages of results (items, snippets, counts) kept per process for the index's generation:
// a repeated search (a shared link, a popular query, the back button) costs a map look-up.
const PAGE_CACHE_SIZE = 500;

/** One page of results as the service answers it, before the request's own fields are added. */
interface AnsweredPage {
  items: SearchItem[];
  total: number;
  counts: CountsByType;
  /** Types whose count stopped at the counting limit. */
  capped: SearchType[];
  suggestion: string | null;
}

/** The hits of one page, the matching items of the request's type, and the counts per type. */
interface PageOfHits {
  pageHits: ItemHit[];
  total: number;
  counts: CountsByType;
  capped: SearchType[];
}

const KINDS = Object.values(SearchKind);

/** Counts per kind (and the kinds past the counting limit) as counts per result type. */
function countsOfKinds(kinds: KindCounts): { counts: CountsByType; capped: SearchType[] } {
  const counts = emptyCounts();
  for (const [kind, items] of kinds.counts) {
    counts[RESULT_TYPE_OF_KIND[kind] ?? 'book'] += items;
    counts.all += items;
  }
  const capped = [...new Set([...kinds.capped].map((kind) => RESULT_TYPE_OF_KIND[kind] ?? 'book'))];
  return { counts, capped: capped.length > 0 ? ['all', ...capped] : [] };
}

export function createSearchService(deps: {
  repos: Repositories;
  logger: Logger;
  now?: () => Date;
  options?: SearchServiceOptions;
}) {
  const { repos, logger } = deps;
  const now = () => deps.now?.() ?? new Date();
  const answers = createRankedAnswers({ repos, logger, now, options: deps.options });
  const popular = createPopularSearches({ repos, logger, now });
  const pages = new Map<string, { at: number; generation: number; page: AnsweredPage }>();
  const forcedPlan = deps.options?.plan;

  /** The answer for a plan, one page of it, presented. */
  async function answer(request: SearchRequest, plan: EngineQuery | null, within: number | undefined) {
    const conditions = conditionClauses(request.conditions);
    if (!plan) return { items: [] as SearchItem[], total: 0, counts: emptyCounts(), capped: [] as SearchType[] };
    const start = (request.page - 1) * request.perPage;
    const { pageHits, total, counts, capped } = await pageOfHits(request, plan, conditions, within, start);
    const presentable = await presentables(
      repos,
      pageHits.map((h) => h.itemKey),
      request.query,
    );
    const highlightWith = highlightOptions(request.query, request.mode);

    const best = await Promise.all(
      // Inside one item the passages are the results: many are shown.
      pageHits.map((hit) => bestPassages(repos, plan, hit.itemKey, highlightWith, within !== undefined)),
    );
    const items: SearchItem[] = [];
    pageHits.forEach((hit, i) => {
      const shown = presentable.get(hit.itemKey);
      if (!shown) {
        logger.warn({ itemKey: hit.itemKey }, 'search index lists an item that is not published');
        return;
      }
      const passages = (best[i] ?? []).map((row) => ({
        id: row.id,
        ...shown.passage(row),
        snippet: snippet(row.body, highlightWith, SNIPPET_LENGTH),
      }));
      items.push({ ...shown.item, matchCount: hit.passages, passages });
    });
    return { items, total, counts, capped };
  }

  /**
   * The page from the cheaper exact plan (server/search/query-plan.ts, decision 0057): the full
   * ranking when the engine walks few passages, else the postings index. Inside one item the engine
   * ranks (its matches are few); while the postings are rebuilt, too.
   */
  async function pageOfHits(
    request: SearchRequest,
    plan: EngineQuery,
    conditions: MatchClause[],
    within: number | undefined,
    start: number,
  ): Promise<PageOfHits> {
    const counted = within === undefined && countedUpToLimit(plan, conditions);
    const ranked = async () => fromRanking(request, await answers.rank(plan, conditions, within), start, counted);
    if (within !== undefined) return ranked();
    const chosen = forcedPlan ?? (await repos.search.postings.choosePlan(plan, conditions)).plan;
    if (chosen === 'full') return ranked();
    return (await fromPostings(request, plan, conditions, start)) ?? ranked();
  }

  /**
   * A page of the full ranking. `counted`: counts per kind stop at the counting limit, as the
   * postings count them (several words, or conditions), so that either plan gives the same answer.
   */
  function fromRanking(request: SearchRequest, ranked: RankedAnswer, start: number, counted: boolean): PageOfHits {
    const ofType =
      request.type === 'all'
        ? ranked.items
        : ranked.items.filter((i) => RESULT_TYPE_OF_KIND[splitItemKey(i.itemKey).kind] === request.type);
    const pageHits = ofType.slice(start, start + request.perPage);
    if (!counted) return { pageHits, total: ofType.length, counts: ranked.counts, capped: [] };
    const perKind = new Map<number, number>();
    for (const item of ranked.items) {
      const { kind } = splitItemKey(item.itemKey);
      perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
    }
    const { counts, capped } = countsOfKinds(capKindCounts(perKind, repos.search.postings.countLimit));
    return { pageHits, total: counts[request.type], counts, capped };
  }

  /** A page from the postings index (server/search/postings-ranking.ts, decision 0047); null while it is rebuilt. */
  async function fromPostings(
    request: SearchRequest,
    plan: EngineQuery,
    conditions: MatchClause[],
    start: number,
  ): Promise<PageOfHits | null> {
    const kinds = KINDS.filter((k) => request.type === 'all' || RESULT_TYPE_OF_KIND[k] === request.type);
    const page = await repos.search.postings.page(plan, { kinds, offset: start, limit: request.perPage, conditions });
    if (!page) return null;
    const { counts, capped } = countsOfKinds(page);
    return { pageHits: page.items, total: counts[request.type], counts, capped };
  }

  /**
   * One page of results with the typing suggestion, from this process's memory when the same
   * request was answered for this generation of the index, else made and remembered.
   */
  async function answeredPage(request: SearchRequest, within: number | undefined): Promise<AnsweredPage> {
    const key = JSON.stringify([
      answers.rankingVersion,
      request.query,
      request.mode,
      request.type,
      request.page,
      request.perPage,
      request.conditions,
      within ?? null,
    ]);
    const generation = await repos.search.generation();
    const hit = pages.get(key);
    if (hit && hit.generation === generation && now().getTime() - hit.at < CACHE_TTL_MS) {
      pages.delete(key);
      pages.set(key, hit);
      return hit.page;
    }
    const plan = planQuery(request.query, request.mode);
    const { items, total, counts, capped } = await answer(request, plan, within);
    let suggestion: string | null = null;
    if (counts.all === 0) {
      const converted = suggestFromTyping(request.query);
      const alternativePlan = converted ? planQuery(converted, request.mode) : null;
      if (converted && alternativePlan) {
        // Offer it only when it finds something: a suggestion that leads nowhere helps no one.
        const conditions = conditionClauses(request.conditions);
        const alternative = await answers.rank(alternativePlan, conditions, within);
        if (alternative.counts.all > 0) suggestion = converted;
      }
    }
    const page: AnsweredPage = { items, total, counts, capped, suggestion };
    pages.delete(key);
    if (pages.size >= PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value!);
    pages.set(key, { at: now().getTime(), generation, page });
    return page;
  }

  /**
   * The one item a request searches inside (`bookCode`, or `item` as a result names itself), as an
   * item key; undefined for the whole library. An unknown item has no passages: item id 0 finds
   * nothing, an empty answer like any search that finds nothing.
   */
  async function itemSearchedWithin(request: SearchRequest): Promise<number | undefined> {
    const bookCode = request.bookCode ?? (request.item?.type === 'book' ? request.item.key : undefined);
    if (bookCode !== undefined) {
      const book = await repos.books.findByCode(bookCode);
      return itemKeyOf(SearchKind.book, book?.id ?? 0);
    }
    if (request.item?.type === 'transcript') {
      // A transcript result's key is its talk's id.
      const talkId = /^\d{1,9}$/.test(request.item.key) ? Number(request.item.key) : 0;
      return itemKeyOf(SearchKind.transcript, talkId);
    }
    if (request.item?.type === 'video') {
      const video = await repos.videos.findPublishedBySlug(request.item.key);
      return itemKeyOf(SearchKind.video, video?.id ?? 0);
    }
    if (request.item?.type === 'article') {
      const article = await repos.articles.findPublishedBySlug(request.item.key);
      return itemKeyOf(SearchKind.article, article?.id ?? 0);
    }
    return undefined;
  }

  return {
    /** One page of results for a validated request (see ZSearchRequestSchema). */
    /** `client` is who asked: the popular list counts each client once per query and day. */
    async search(request: SearchRequest, client: SearchClient = {}): Promise<SearchResult> {
      const within = await itemSearchedWithin(request);
      const { items, total, counts, capped, suggestion } = await answeredPage(request, within);
      if (counts.all > 0 && within === undefined && request.page === 1 && request.type === 'all') {
        // A search is counted where it starts (all types, first page), not again for each tab or page.
        await popular.recordQuery(request.query, client);
      }
      return {
        items,
        total,
        page: request.page,
        perPage: request.perPage,
        countsByType: counts,
        countsCapped: capped,
        suggestion,
        query: request.query,
      };
    },

    popularQueries: popular.popularQueries,

    /** Forgets this process's cached answers (stored ones follow the index's generation). */
    invalidate() {
      answers.clear();
      pages.clear();
    },

    /** Deletes the stored answers of older generations of the index (at start: they are never served). */
    async removeStaleAnswers(): Promise<number> {
      return repos.searchAnswers.removeStale(await repos.search.generation());
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
