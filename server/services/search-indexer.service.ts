import { sanitizeArticleHtml } from '#server/lib/sanitize-html.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';
import {
  articleDocument,
  bookDocument,
  collectionDocument,
  talkDocument,
  transcriptDocument,
  videoDocument,
  type TranscriptSegment,
} from '#server/search/documents.ts';
import { SearchKind } from '#server/search/passage-id.ts';
import type { Transaction } from './service-context.ts';

/**
 * Keeping the search index in step with the content. Each `index…` function takes the
 * repositories of the caller's transaction: the content and its passages are written together,
 * or neither is. Content that is not published is taken out of the index.
 */

/**
 * Bump when what is indexed or how words are formed changes: the next start rebuilds the index.
 * (The search service's normaliser and the stored words must agree.)
 */
// 2: article passages point at their paragraphs (#p-N, numbered by the HTML sanitiser).
// 3: passages keep their length, frequent words their passages (BM25 without FTS5, decision 0028).
// 4: a video's transcript lines are passages of the video (decision 0045).
// 5: the postings index (decision 0047).
export const SEARCH_INDEX_VERSION = '5';
const VERSION_KEY = 'search_index_version';

export async function indexBook(repos: Repositories, bookId: number): Promise<void> {
  const book = await repos.books.findById(bookId);
  if (!book || book.status !== 'published') {
    await repos.search.removeItem(SearchKind.book, bookId);
    return;
  }
  await repos.search.replaceItem(bookDocument(book, await repos.books.listChapters(bookId)));
}

export async function indexArticle(repos: Repositories, articleId: number): Promise<void> {
  const article = await repos.articles.findById(articleId);
  if (!article || article.status !== 'published') {
    await repos.search.removeItem(SearchKind.article, articleId);
    return;
  }
  // The page shows the body through the sanitiser, which numbers the paragraphs: index the same
  // HTML so each passage's anchor is the id the reader's page has.
  await repos.search.replaceItem(articleDocument({ ...article, body_html: sanitizeArticleHtml(article.body_html) }));
}

/** A talk's title block; with `transcript`, its timed segments too (the audio import supplies them). */
export async function indexTalk(
  repos: Repositories,
  talkId: number,
  transcript?: readonly TranscriptSegment[],
): Promise<void> {
  const talk = await repos.talks.findTalkById(talkId);
  // A talk is found only while its collection is published too (as readers see it).
  const collection = talk ? await repos.talks.findCollectionById(talk.collection_id) : undefined;
  if (!talk || talk.status !== 'published' || collection?.status !== 'published') {
    await repos.search.removeItem(SearchKind.talk, talkId);
    await repos.search.removeItem(SearchKind.transcript, talkId);
    return;
  }
  await repos.search.replaceItem(talkDocument(talk));
  if (transcript) await repos.search.replaceItem(transcriptDocument(talkId, transcript));
}

export async function indexCollection(repos: Repositories, collectionId: number): Promise<void> {
  const collection = await repos.talks.findCollectionById(collectionId);
  if (!collection || collection.status !== 'published') {
    await repos.search.removeItem(SearchKind.collection, collectionId);
    return;
  }
  await repos.search.replaceItem(collectionDocument(collection));
}

/** The timed lines of a stored transcript file (read from the media storage; [] when it is gone). */
export type TranscriptReader = (fileName: string) => Promise<readonly TranscriptSegment[]>;

/**
 * A video with the lines of its transcript. Unlike a talk's, a video's transcript is read from its
 * file each time: every re-index (a new title, a rebuild) keeps its words.
 */
export async function indexVideo(
  repos: Repositories,
  videoId: number,
  readTranscript: TranscriptReader,
): Promise<void> {
  const video = await repos.videos.findById(videoId);
  if (!video || video.status !== 'published') {
    await repos.search.removeItem(SearchKind.video, videoId);
    return;
  }
  const transcript = video.transcript_file ? await readTranscript(video.transcript_file) : [];
  await repos.search.replaceItem(videoDocument(video, transcript));
}

export function createSearchIndexer(deps: {
  logger: Logger;
  transaction: Transaction;
  repos: Repositories;
  /** Reads a video's stored transcript (the media storage). */
  readTranscript: TranscriptReader;
  /** Called after the index changed (the search service forgets its cached answers). */
  onChange?: () => void;
}) {
  return {
    /**
     * Rebuilds the whole index in one transaction (the old index serves until it commits).
     * Talks' transcripts are kept: their text lives only in the index until the audio issue stores
     * it. Videos' are read again from their files.
     */
    async rebuild(): Promise<number> {
      return deps
        .transaction(async (repos) => {
          // The postings are built from all the passages at the end, not item by item.
          await repos.search.postings.clear();
          for (const kind of [
            SearchKind.book,
            SearchKind.article,
            SearchKind.talk,
            SearchKind.collection,
            SearchKind.video,
          ]) {
            await repos.search.clearKind(kind);
          }
          for (const book of await repos.books.listForLibrary({ statuses: ['published'] }))
            await indexBook(repos, book.id);
          for (const id of await repos.articles.listPublishedIds()) await indexArticle(repos, id);
          for (const id of await repos.talks.listTalkIds()) await indexTalk(repos, id);
          for (const id of await repos.talks.listCollectionIds()) await indexCollection(repos, id);
          for (const id of await repos.videos.listIds()) await indexVideo(repos, id, deps.readTranscript);
          await repos.search.postings.rebuild();
          await repos.meta.set(VERSION_KEY, SEARCH_INDEX_VERSION);
          return repos.search.size();
        })
        .finally(() => deps.onChange?.());
    },

    /** On start: rebuilds when the index was made by another version (or never). */
    async ensureCurrent(): Promise<void> {
      if ((await deps.repos.meta.get(VERSION_KEY)) === SEARCH_INDEX_VERSION) return;
      const started = Date.now();
      const passages = await this.rebuild();
      deps.logger.info({ passages, ms: Date.now() - started }, 'search index rebuilt');
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
