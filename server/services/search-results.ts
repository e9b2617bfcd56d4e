import type { SearchItem, SearchPassage } from '#common/contracts/search.schema.ts';
import { formatClock } from '#common/clock.ts';
import { articlePath, bookPath, chapterPath, collectionPath, talkPath, videoPath } from '#common/paths.ts';
import { hitsOf, tokenize, type HighlightOptions } from '#common/text/search-tokens.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { itemKeyOf, SearchKind, splitItemKey } from '#server/search/passage-id.ts';
import { B, K1 } from '#server/search/ranking.ts';
import type { EngineQuery, PassageRow } from '#server/search/search-index.ts';

/*
 * What a search result shows: its item's title, subtitle and address, its passages' labels and
 * addresses, and which of its passages come first.
 */

const PASSAGES_PER_ITEM = 3;
// Inside one item (the reader's book search box, a result's "Xem thêm N đoạn") the passages are
// the results: show many.
const PASSAGES_IN_BOOK = 50;
// The passages shown are chosen among an item's first matches in reading order, at most this many
// (a common word matches thousands of passages of a long book; reading them all to show three costs
// more than ranking the whole library did).
const CANDIDATE_PASSAGES = 15;
const CANDIDATE_PASSAGES_IN_BOOK = 500;

/** Passages and the item they belong to, ready to present. */
export interface Presentable {
  item: Omit<SearchItem, 'passages' | 'matchCount'>;
  passage(row: PassageRow): Pick<SearchPassage, 'url' | 'label' | 'startSeconds'>;
}

/** Titles and addresses of the items of one page, by item key. Items no longer published are absent. */
export async function presentables(
  repos: Repositories,
  itemKeys: number[],
  query: string,
): Promise<Map<number, Presentable>> {
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
      // A line of its transcript opens the video at that moment, as a talk's does.
      passage: (row) => ({
        url: videoPath(video.slug, row.start_seconds),
        label: row.start_seconds === null ? null : formatClock(row.start_seconds),
        startSeconds: row.start_seconds,
      }),
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

/**
 * The passages of one item to show, best first. Scored here rather than by the engine: FTS5's
 * bm25() reads the whole index for its statistics on each call, which made showing ten items
 * cost as much as ranking them. Within one item the statistics hardly matter: a BM25-like score
 * of the marked words (phrases in strict mode) and the passage's length, with words written as
 * the reader wrote them counting double. Ties keep reading order.
 */
export async function bestPassages(
  repos: Repositories,
  plan: EngineQuery,
  itemKey: number,
  marks: HighlightOptions,
  inBook: boolean,
) {
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
