import { createHash, randomBytes } from 'node:crypto';
import {
  type CountsByType,
  type SearchItem,
  type SearchPassage,
  type SearchRequest,
  type SearchResult,
} from '#common/contracts/search.schema.ts';
import { formatClock } from '#common/clock.ts';
import { articlePath, bookPath, chapterPath, collectionPath, talkPath, videoPath } from '#common/paths.ts';
import { hitsOf, snippet, queryWords, tokenize, type HighlightOptions } from '#common/text/search-tokens.ts';
import { suggestFromTyping } from '#common/text/typing-conversion.ts';
import { hasDiacritics, normalizeText, toExactForm } from '#common/text/vietnamese.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { itemKeyOf, RESULT_TYPE_OF_KIND, SearchKind, splitItemKey } from '#server/search/passage-id.ts';
import { B, K1, SEARCH_RANKING_VERSION } from '#server/search/ranking.ts';
import type { EngineQuery, ItemHit, MatchClause, PassageRow } from '#server/search/search-index.ts';

/**
 * Search: the reader's query → the engine's clauses → items with their best passages, snippets
 * and counts per type. The rules of the modes live here; the engines only match and score.
 *
 * - strict (default): the words as a phrase, in order. With diacritics they must match as typed
 *   (tones placed either way); without any, the folded form matches (`phat giao` → `Phật giáo`).
 * - broad: every word anywhere in the passage, folded; passages with the reader's own diacritics
 *   and with the words close together score higher.
 * - conditions: each term (a phrase, same diacritics rule) must also occur in the same item.
 */

const PASSAGES_PER_ITEM = 3;
// Inside one item (the reader's book search box, a result's "Xem thêm N đoạn") the passages are
// the results: show many.
const PASSAGES_IN_BOOK = 50;
const SNIPPET_LENGTH = 260;
// Answers of the engine kept for repeated queries (tabs, pages, the popular queries), per process.
// A common word's answer lists ~10,000 items (~0.5 MB in memory): a hundred of them is plenty.
const CACHE_SIZE = 100;
const CACHE_TTL_MS = 5 * 60_000;
// Whole pages of results (items, snippets, counts) kept per process for the index's generation:
// a repeated search (a shared link, a popular query, the back button) costs a map look-up.
const PAGE_CACHE_SIZE = 500;
// Clients already counted today for a query, remembered so a repeat writes nothing.
const COUNTED_CLIENTS_SIZE = 50_000;
// An answer that took the engine this long is stored for the index's generation (see rank()).
const STORE_AFTER_MS = 25;
// Answering ahead (warmUp): the most frequent words of libraries of at least this many passages.
const WARM_MIN_INDEX_SIZE = 50_000;
const WARM_TERMS = 600;
const WARM_MIN_PASSAGES = 5_000;
// The passages shown are chosen among an item's first matches in reading order, at most this many
// (a common word matches thousands of passages of a long book; reading them all to show three costs
// more than ranking the whole library did).
const CANDIDATE_PASSAGES = 15;
const CANDIDATE_PASSAGES_IN_BOOK = 500;
// A query must be searched this often before "most searched" shows it (one person's typo stays private).
const POPULAR_MIN_COUNT = 2;
// Queries longer than this are not counted for "most searched" (passages pasted in are not topics).
const POPULAR_MAX_LENGTH = 80;

/** Who searched, for counting each client once a query a day: the account, else the address. */
export interface SearchClient {
  userId?: number | null;
  ip?: string | null;
}

/** One clause for a phrase typed by the reader (the query in strict mode, or a condition). */
function phraseClause(text: string): MatchClause | null {
  const words = queryWords(text);
  if (words.folded.length === 0) return null;
  // One word is the same search as a phrase or not: one spelling, so it is one stored answer.
  const phrase = words.folded.length > 1;
  return hasDiacritics(text)
    ? { form: 'exact', words: words.exact, phrase }
    : { form: 'folded', words: words.folded, phrase };
}

/** The engine query for the reader's query and mode; null when the query has no word at all. */
export function planQuery(query: string, mode: SearchRequest['mode']): EngineQuery | null {
  if (mode === 'strict') {
    const required = phraseClause(query);
    return required ? { required, boosts: [] } : null;
  }
  const words = queryWords(query);
  if (words.folded.length === 0) return null;
  const folded = [...new Set(words.folded)];
  const boosts: MatchClause[] = [];
  // Each word typed with diacritics scores more where it occurs with them.
  words.exact.forEach((exact, i) => {
    if (exact !== words.folded[i]) boosts.push({ form: 'exact', words: [exact], phrase: false });
  });
  // The words close together (FTS5: NEAR; PostgreSQL: cover density).
  if (folded.length > 1) boosts.push({ form: 'folded', words: folded, phrase: false });
  return { required: { form: 'folded', words: folded, phrase: false }, boosts };
}

function highlightOptions(query: string, mode: SearchRequest['mode']): HighlightOptions {
  const words = queryWords(query);
  if (mode === 'broad') return { folded: words.folded };
  return hasDiacritics(query)
    ? { folded: words.folded, exact: words.exact, phrase: true }
    : { folded: words.folded, phrase: true };
}

function emptyCounts(): CountsByType {
  return { all: 0, book: 0, video: 0, audio: 0, transcript: 0, article: 0 };
}

interface RankedAnswer {
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
}

/** One page of results as the service answers it, before the request's own fields are added. */
interface AnsweredPage {
  items: SearchItem[];
  total: number;
  counts: CountsByType;
  suggestion: string | null;
}

/** The hits of one page, the matching items of the request's type, and the counts per type. */
interface PageOfHits {
  pageHits: ItemHit[];
  total: number;
  counts: CountsByType;
}

const KINDS = Object.values(SearchKind);

/** Passages and the item they belong to, ready to present. */
interface Presentable {
  item: Omit<SearchItem, 'passages' | 'matchCount'>;
  passage(row: PassageRow): Pick<SearchPassage, 'url' | 'label' | 'startSeconds'>;
}

export function createSearchService(deps: {
  repos: Repositories;
  logger: Logger;
  now?: () => Date;
  options?: SearchServiceOptions;
}) {
  const { repos, logger } = deps;
  const storeAfterMs = deps.options?.storeAfterMs ?? STORE_AFTER_MS;
  const rankingVersion = deps.options?.rankingVersion ?? SEARCH_RANKING_VERSION;
  const keyOf = (plan: EngineQuery, conditions: MatchClause[], within: number | undefined) =>
    answerKey(plan, conditions, within, rankingVersion);
  const now = () => deps.now?.() ?? new Date();
  const cache = new Map<string, CacheEntry>();
  const pages = new Map<string, { at: number; generation: number; page: AnsweredPage }>();
  const countedClients = new Set<string>();

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
    let items = await repos.search.rankItems(plan, within);
    for (const condition of conditions) {
      const allowed = await repos.search.matchingItems(condition);
      items = items.filter((item) => allowed.has(item.itemKey));
    }
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

  /** For warmUp: the answer is stored, not kept in this process's memory. */
  async function evaluateAndStore(
    plan: EngineQuery,
    conditions: MatchClause[],
    within: number | undefined,
    generation: number,
  ) {
    await store(keyOf(plan, conditions, within), generation, await evaluate(plan, conditions, within));
  }

  /** Titles and addresses of the items of one page, by item key. Items no longer published are absent. */
  async function presentables(itemKeys: number[], query: string): Promise<Map<number, Presentable>> {
    const idsOf = (...kinds: number[]) =>
      itemKeys
        .map(splitItemKey)
        .filter((k) => kinds.includes(k.kind))
        .map((k) => k.itemId);
    const out = new Map<number, Presentable>();

    const bookIds = idsOf(SearchKind.book);
    const [books, headings] = await Promise.all([
      repos.books.listPublishedByIds(bookIds),
      repos.books.listChapterHeadingsOfBooks(bookIds),
    ]);
    const chapterLabels = new Map(
      headings.map((h) => [
        h.code,
        h.title ? h.title.charAt(0).toLocaleUpperCase('vi') + h.title.slice(1) : `Chương ${h.position}`,
      ]),
    );
    for (const book of books) {
      out.set(itemKeyOf(SearchKind.book, book.id), {
        item: { type: 'book', key: book.code, title: book.title, subtitle: book.author, url: bookPath(book.code) },
        passage: (row) => ({
          // The chapter highlights the query's words when it opens (?tim=…).
          url: row.part
            ? chapterPath(row.part, book.code, { anchor: row.anchor, highlight: query })
            : bookPath(book.code),
          label: row.part ? (chapterLabels.get(row.part) ?? null) : 'Giới thiệu sách',
          startSeconds: null,
        }),
      });
    }

    const talks = await repos.talks.listPublishedByIds([...new Set(idsOf(SearchKind.talk, SearchKind.transcript))]);
    for (const talk of talks) {
      const item = {
        key: String(talk.id),
        title: talk.title,
        subtitle: [talk.speaker, talk.collection_title].filter(Boolean).join(' · ') || null,
        url: talkPath(talk.collection_id, talk.id),
      };
      out.set(itemKeyOf(SearchKind.talk, talk.id), {
        item: { type: 'audio', ...item },
        passage: () => ({ url: item.url, label: null, startSeconds: null }),
      });
      out.set(itemKeyOf(SearchKind.transcript, talk.id), {
        item: { type: 'transcript', ...item },
        passage: (row) => ({
          url: talkPath(talk.collection_id, talk.id, row.start_seconds),
          label: row.start_seconds === null ? null : formatClock(row.start_seconds),
          startSeconds: row.start_seconds,
        }),
      });
    }

    for (const collection of await repos.talks.listPublishedCollectionsByIds(idsOf(SearchKind.collection))) {
      const url = collectionPath(collection.id);
      out.set(itemKeyOf(SearchKind.collection, collection.id), {
        item: {
          type: 'audio',
          key: `tuyen-tap-${collection.id}`,
          title: collection.title,
          subtitle: collection.speaker,
          url,
        },
        passage: () => ({ url, label: 'Tuyển tập pháp âm', startSeconds: null }),
      });
    }

    for (const video of await repos.videos.listPublishedByIds(idsOf(SearchKind.video))) {
      const url = videoPath(video.slug);
      out.set(itemKeyOf(SearchKind.video, video.id), {
        item: { type: 'video', key: video.slug, title: video.title, subtitle: video.speaker, url },
        passage: () => ({ url, label: null, startSeconds: null }),
      });
    }

    for (const article of await repos.articles.listPublishedByIds(idsOf(SearchKind.article))) {
      out.set(itemKeyOf(SearchKind.article, article.id), {
        item: {
          type: 'article',
          key: article.slug,
          title: article.title,
          subtitle: article.category_name,
          url: articlePath(article.slug),
        },
        passage: (row) => ({ url: articlePath(article.slug, row.anchor), label: null, startSeconds: null }),
      });
    }
    return out;
  }

  // A salt of the process, new each day: a stored key names no address, and yesterday's keys
  // match nothing today.
  let salt = { day: '', value: '' };
  function clientKeyOf(client: SearchClient, day: string): string {
    if (salt.day !== day) salt = { day, value: randomBytes(32).toString('hex') };
    const who = client.userId ? `user:${client.userId}` : `ip:${client.ip ?? 'unknown'}`;
    return createHash('sha256').update(`${salt.value}\n${day}\n${who}`).digest('hex');
  }

  async function recordQuery(query: string, client: SearchClient) {
    const normalized = toExactForm(query).replace(/\s+/g, ' ').trim();
    if (normalized.length > POPULAR_MAX_LENGTH) return;
    try {
      const at = now();
      const day = at.toISOString().slice(0, 10);
      if (salt.day !== day) {
        await repos.searchQueries.forgetClientsBefore(day);
        countedClients.clear();
      }
      // One client repeating a query counts once a day (remembered here, so a repeat writes nothing).
      const clientKey = clientKeyOf(client, day);
      const memo = `${day}\n${normalized}\n${clientKey}`;
      if (countedClients.has(memo)) return;
      if (countedClients.size >= COUNTED_CLIENTS_SIZE) countedClients.delete(countedClients.values().next().value!);
      countedClients.add(memo);
      if (!(await repos.searchQueries.markClient(day, normalized, clientKey))) return;
      await repos.searchQueries.record(normalized, at.toISOString());
    } catch (error) {
      // Counting is a courtesy: a failure must not cost the reader their results.
      logger.warn({ err: error }, 'could not count a search query');
    }
  }

  /**
   * The passages of one item to show, best first. Scored here rather than by the engine: FTS5's
   * bm25() reads the whole index for its statistics on each call, which made showing ten items
   * cost as much as ranking them. Within one item the statistics hardly matter: a BM25-like score
   * of the marked words (phrases in strict mode) and the passage's length, with words written as
   * the reader wrote them counting double. Ties keep reading order.
   */
  async function bestPassages(plan: EngineQuery, itemKey: number, marks: HighlightOptions, inBook: boolean) {
    const candidates = await repos.search.passages(
      await repos.search.matchingPassages(
        plan.required,
        itemKey,
        inBook ? CANDIDATE_PASSAGES_IN_BOOK : CANDIDATE_PASSAGES,
      ),
    );
    const limit = inBook ? PASSAGES_IN_BOOK : PASSAGES_PER_ITEM;
    const exactWords = new Set(plan.boosts.filter((b) => b.form === 'exact').flatMap((b) => b.words));
    const scored = candidates.map((row) => {
      // One tokenisation per passage: marked words, plus one for each run of several (a phrase,
      // or words side by side), plus the words written as the reader wrote them.
      const tokens = tokenize(normalizeText(row.body));
      const marked = hitsOf(tokens, marks);
      let hits = 0;
      marked.forEach((hit, i) => {
        if (!hit) return;
        hits++;
        if (i > 0 && marked[i - 1] && !(i > 1 && marked[i - 2])) hits++;
        if (exactWords.has(tokens[i]!.exact)) hits++;
      });
      return { row, length: tokens.length, hits };
    });
    const averageLength = scored.reduce((n, s) => n + s.length, 0) / Math.max(1, scored.length);
    const scoreOf = (s: (typeof scored)[number]) =>
      (s.hits * (K1 + 1)) / (s.hits + K1 * (1 - B + (B * s.length) / Math.max(1, averageLength)));
    return scored
      .map((s) => ({ row: s.row, score: scoreOf(s) }))
      .sort((a, b) => b.score - a.score || a.row.id - b.row.id)
      .slice(0, limit)
      .map((s) => s.row);
  }

  /** The answer for a plan, one page of it, presented. */
  async function answer(request: SearchRequest, plan: EngineQuery | null, within: number | undefined) {
    const conditions = request.conditions.map(phraseClause).filter((c): c is MatchClause => c !== null);
    if (!plan) return { items: [] as SearchItem[], total: 0, counts: emptyCounts() };
    const start = (request.page - 1) * request.perPage;
    const { pageHits, total, counts } =
      (await fromHeads(request, plan, conditions, within, start)) ??
      (await fromRanking(request, await rank(plan, conditions, within), start));
    const presentable = await presentables(
      pageHits.map((h) => h.itemKey),
      request.query,
    );
    const highlightWith = highlightOptions(request.query, request.mode);

    const best = await Promise.all(
      // Inside one item the passages are the results: many are shown.
      pageHits.map((hit) => bestPassages(plan, hit.itemKey, highlightWith, within !== undefined)),
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
    return { items, total, counts };
  }

  /** A page of the full ranking. */
  function fromRanking(request: SearchRequest, ranked: RankedAnswer, start: number): PageOfHits {
    const ofType =
      request.type === 'all'
        ? ranked.items
        : ranked.items.filter((i) => RESULT_TYPE_OF_KIND[splitItemKey(i.itemKey).kind] === request.type);
    return { pageHits: ofType.slice(start, start + request.perPage), total: ofType.length, counts: ranked.counts };
  }

  /**
   * A page of a one-word search from the head tier of frequent words (server/search/term-heads.ts):
   * the same items in the same order as the full ranking, without ranking every match. Null when
   * the search is not one word alone, or the head does not reach the page.
   */
  async function fromHeads(
    request: SearchRequest,
    plan: EngineQuery,
    conditions: MatchClause[],
    within: number | undefined,
    start: number,
  ): Promise<PageOfHits | null> {
    if (within !== undefined || conditions.length > 0 || plan.boosts.length > 0) return null;
    if (plan.required.words.length !== 1) return null;
    const kinds = KINDS.filter((k) => request.type === 'all' || RESULT_TYPE_OF_KIND[k] === request.type);
    const head = await repos.search.heads.page(plan.required, kinds, start, request.perPage);
    if (!head) return null;
    const counts = emptyCounts();
    for (const [kind, items] of head.counts) {
      counts[RESULT_TYPE_OF_KIND[kind] ?? 'book'] += items;
      counts.all += items;
    }
    return { pageHits: head.items, total: counts[request.type], counts };
  }

  /**
   * One page of results with the typing suggestion, from this process's memory when the same
   * request was answered for this generation of the index, else made and remembered.
   */
  async function answeredPage(request: SearchRequest, within: number | undefined): Promise<AnsweredPage> {
    const key = JSON.stringify([
      rankingVersion,
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
    const { items, total, counts } = await answer(request, plan, within);
    let suggestion: string | null = null;
    if (counts.all === 0) {
      const converted = suggestFromTyping(request.query);
      const alternativePlan = converted ? planQuery(converted, request.mode) : null;
      if (converted && alternativePlan) {
        // Offer it only when it finds something: a suggestion that leads nowhere helps no one.
        const conditions = request.conditions.map(phraseClause).filter((c): c is MatchClause => c !== null);
        const alternative = await rank(alternativePlan, conditions, within);
        if (alternative.counts.all > 0) suggestion = converted;
      }
    }
    const page: AnsweredPage = { items, total, counts, suggestion };
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
      const { items, total, counts, suggestion } = await answeredPage(request, within);
      if (counts.all > 0 && within === undefined && request.page === 1 && request.type === 'all') {
        // A search is counted where it starts (all types, first page), not again for each tab or page.
        await recordQuery(request.query, client);
      }
      return {
        items,
        total,
        page: request.page,
        perPage: request.perPage,
        countsByType: counts,
        suggestion,
        query: request.query,
      };
    },

    /** The most searched queries (aggregate counts only), most first. */
    async popularQueries(limit: number) {
      return repos.searchQueries.listTop(limit, POPULAR_MIN_COUNT);
    },

    /** Forgets this process's cached answers (stored ones follow the index's generation). */
    invalidate() {
      cache.clear();
      pages.clear();
    },

    /**
     * Answers ahead the one-word searches of the most frequent words (strict and broad), the
     * searches whose answers cost most, and stores them for this generation of the index — except
     * those the head tier answers (one word alone). Small libraries need none of it. Yields between
     * queries so readers are served meanwhile.
     */
    async warmUp(options: { terms?: number; minPassages?: number; minIndexSize?: number } = {}) {
      const started = performance.now();
      if ((await repos.search.size()) < (options.minIndexSize ?? WARM_MIN_INDEX_SIZE)) return { queries: 0, ms: 0 };
      const generation = await repos.search.generation();
      await repos.searchAnswers.removeStale(generation);
      const terms = await repos.search.frequentTerms(
        options.terms ?? WARM_TERMS,
        options.minPassages ?? WARM_MIN_PASSAGES,
      );
      let queries = 0;
      for (const { term, form } of terms) {
        const modes: SearchRequest['mode'][] = form === 'exact' ? ['strict', 'broad'] : ['strict'];
        for (const mode of modes) {
          const plan = planQuery(term, mode);
          if (!plan) continue;
          // A one-word search the head tier answers needs no stored answer.
          if (plan.boosts.length === 0 && (await repos.search.heads.page(plan.required, KINDS, 0, 10))) continue;
          // Stored at this generation already (an earlier start): nothing to do.
          if (await repos.searchAnswers.has(keyOf(plan, [], undefined), generation)) continue;
          await evaluateAndStore(plan, [], undefined, generation);
          queries++;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      const ms = Math.round(performance.now() - started);
      logger.info({ queries, ms }, 'search answers of frequent words stored');
      return { queries, ms };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
