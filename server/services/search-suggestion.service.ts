import type { Suggestion, SuggestionKind, SuggestionRequest } from '#common/contracts/suggestion.schema.ts';
import { searchUrl } from '#common/contracts/search.values.ts';
import { articlePath, bookPath, talkPath } from '#common/paths.ts';
import { toMatchForm } from '#common/text/match-form.ts';
import { hasDiacritics, toExactForm } from '#common/text/vietnamese.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';

/**
 * Suggestions while typing: titles of books, talks and articles, and the queries readers search
 * most, matched without diacritics (common/text/match-form.ts) from a small index in memory.
 *
 * The index is made again when the content generation moves (migration 0019: any write to a
 * content table, in any process), so an unpublished title is never offered. It is also made again
 * after REFRESH_MS whatever the generation — most-searched counts and articles scheduled to appear
 * do not move it — and then the old index answers while the new one is made.
 */

// How often the index is made again when no content changed (most searched, scheduled articles).
const REFRESH_MS = 5 * 60_000;
// Frequent queries offered: the most searched, each searched at least twice (as "most searched").
const POPULAR_QUERIES = 300;
const POPULAR_MIN_COUNT = 2;
// Of the suggestions, at most this many are queries: titles lead somewhere directly.
const MAX_QUERY_SUGGESTIONS = 3;
// Titles first, then queries, when they match equally well.
const KIND_ORDER: Record<SuggestionKind, number> = { book: 0, audio: 1, article: 2, query: 3 };

interface Entry {
  kind: SuggestionKind;
  text: string;
  url: string;
  /** The text in match form (folded, punctuation as spaces), with a space before it. */
  spaced: string;
  /** Its words in match form. */
  words: string[];
  /** For queries: how often searched (ties among queries). */
  count: number;
}

interface SuggestionIndex {
  generation: number;
  builtAt: number;
  entries: Entry[];
}

function entryOf(kind: SuggestionKind, text: string, url: string, count = 0): Entry | null {
  const match = toMatchForm(text);
  if (!match) return null;
  return { kind, text, url, spaced: ` ${match}`, words: match.split(' '), count };
}

/**
 * How well an entry matches the query (lower is better), or null: 0 the text starts with the
 * query, 1 a word of it does, 2 each word of the query starts a word of the text, in any order.
 */
function matchRank(entry: Entry, spacedQuery: string, queryWords: string[]): number | null {
  const at = entry.spaced.indexOf(spacedQuery);
  if (at === 0) return 0;
  if (at > 0) return 1;
  return queryWords.every((word) => entry.words.some((w) => w.startsWith(word))) ? 2 : null;
}

export function createSearchSuggestionService(deps: { repos: Repositories; logger: Logger; now?: () => number }) {
  const { repos, logger } = deps;
  const now = deps.now ?? Date.now;
  let index: SuggestionIndex | null = null;
  let building: Promise<SuggestionIndex> | null = null;

  async function build(generation: number): Promise<SuggestionIndex> {
    const started = performance.now();
    const [books, talks, articles, queries] = await Promise.all([
      repos.books.listPublishedTitles(),
      repos.talks.listPublishedTitles(),
      repos.articles.listPublishedTitles(),
      repos.searchQueries.listTop(POPULAR_QUERIES, POPULAR_MIN_COUNT),
    ]);
    const entries = [
      ...books.map((b) => entryOf('book', b.title, bookPath(b.code))),
      ...talks.map((t) => entryOf('audio', t.title, talkPath(t.collection_id, t.id))),
      ...articles.map((a) => entryOf('article', a.title, articlePath(a.slug))),
      ...queries.map((q) => entryOf('query', q.query, searchUrl({ query: q.query }), q.count)),
    ].filter((e): e is Entry => e !== null);
    const built = { generation, builtAt: now(), entries };
    logger.debug({ entries: entries.length, ms: Math.round(performance.now() - started) }, 'suggestion index made');
    return built;
  }

  /** One making at a time: readers arriving meanwhile wait for the same one. */
  function rebuild(generation: number): Promise<SuggestionIndex> {
    building ??= build(generation)
      .then((made) => (index = made))
      .finally(() => (building = null));
    return building;
  }

  async function currentIndex(): Promise<SuggestionIndex> {
    const generation = await repos.meta.readContentGeneration();
    // Content changed: what the old index offers may be gone; wait for the new one.
    if (!index || index.generation !== generation) return rebuild(generation);
    if (now() - index.builtAt > REFRESH_MS) {
      rebuild(generation).catch((err: unknown) => logger.warn({ err }, 'could not make the suggestion index'));
    }
    return index;
  }

  return {
    /** Suggestions for what the reader has typed so far (validated: ZSuggestionRequestSchema). */
    async suggest(request: SuggestionRequest): Promise<{ query: string; items: Suggestion[] }> {
      const { entries } = await currentIndex();
      const folded = toMatchForm(request.query);
      if (!folded) return { query: request.query, items: [] };
      const spacedQuery = ` ${folded}`;
      const queryWords = folded.split(' ');
      // Typed with diacritics: texts that have them as typed come first among equals.
      const exact = hasDiacritics(request.query) ? toExactForm(request.query) : null;

      const matches: { entry: Entry; rank: number; asTyped: number }[] = [];
      for (const entry of entries) {
        const rank = matchRank(entry, spacedQuery, queryWords);
        if (rank === null) continue;
        const asTyped = exact !== null && toExactForm(entry.text).includes(exact) ? 0 : 1;
        matches.push({ entry, rank, asTyped });
      }
      matches.sort(
        (a, b) =>
          a.rank - b.rank ||
          a.asTyped - b.asTyped ||
          KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] ||
          b.entry.count - a.entry.count ||
          a.entry.text.length - b.entry.text.length ||
          a.entry.text.localeCompare(b.entry.text, 'vi'),
      );

      const items: Suggestion[] = [];
      // One line per place: two talks of the same name once; a query equal to a title shown, not at all.
      const shown = new Set<string>();
      const shownTexts = new Set<string>();
      let queries = 0;
      for (const { entry } of matches) {
        if (items.length >= request.limit) break;
        const key = `${entry.kind}${entry.spaced}`;
        if (shown.has(key) || (entry.kind === 'query' && shownTexts.has(entry.spaced))) continue;
        if (entry.kind === 'query' && ++queries > MAX_QUERY_SUGGESTIONS) continue;
        shown.add(key);
        shownTexts.add(entry.spaced);
        items.push({ kind: entry.kind, text: entry.text, url: entry.url });
      }
      return { query: request.query, items };
    },
  };
}

export type SearchSuggestionService = ReturnType<typeof createSearchSuggestionService>;
