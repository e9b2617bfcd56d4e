import { htmlBlocks } from '#server/lib/html.ts';
import { SearchKind } from './passage-id.ts';
import type { ItemDocument, PassageInput } from './search-index.ts';

/**
 * Content → the passages search indexes. Passage 0 of an item is its title block (title, credits,
 * description), so a search for a title finds the item itself; then come its paragraphs or timed
 * segments in reading order.
 */

function titleBlock(parts: (string | null | undefined)[]): string {
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(' — ');
}

export interface BookForIndex {
  id: number;
  title: string;
  title_sino_vietnamese: string | null;
  author: string | null;
  translator: string | null;
  description: string | null;
}

export interface ChapterForIndex {
  code: string;
  title: string | null;
  body_html: string;
}

/** A book: its title block, then per chapter its title and each paragraph (with its #p-N anchor). */
export function bookDocument(book: BookForIndex, chapters: readonly ChapterForIndex[]): ItemDocument {
  const passages: PassageInput[] = [
    {
      seq: 0,
      body: titleBlock([book.title, book.title_sino_vietnamese, book.author, book.translator, book.description]),
    },
  ];
  for (const chapter of chapters) {
    if (chapter.title) passages.push({ seq: passages.length, body: chapter.title, part: chapter.code });
    for (const block of htmlBlocks(chapter.body_html)) {
      passages.push({ seq: passages.length, body: block.text, part: chapter.code, anchor: block.id });
    }
  }
  return { kind: SearchKind.book, itemId: book.id, passages };
}

export interface ArticleForIndex {
  id: number;
  title: string;
  summary: string | null;
  body_html: string;
}

export function articleDocument(article: ArticleForIndex): ItemDocument {
  const passages: PassageInput[] = [{ seq: 0, body: titleBlock([article.title, article.summary]) }];
  for (const block of htmlBlocks(article.body_html)) {
    passages.push({ seq: passages.length, body: block.text, anchor: block.id });
  }
  return { kind: SearchKind.article, itemId: article.id, passages };
}

export interface TitledForIndex {
  id: number;
  title: string;
  speaker: string | null;
  description: string | null;
}

/** A talk's title block (its words are in its transcript, a separate item of kind transcript). */
export function talkDocument(talk: TitledForIndex): ItemDocument {
  return {
    kind: SearchKind.talk,
    itemId: talk.id,
    passages: [{ seq: 0, body: titleBlock([talk.title, talk.speaker, talk.description]) }],
  };
}

export function collectionDocument(collection: TitledForIndex): ItemDocument {
  return {
    kind: SearchKind.collection,
    itemId: collection.id,
    passages: [{ seq: 0, body: titleBlock([collection.title, collection.speaker, collection.description]) }],
  };
}

/** One timed line of a transcript. */
export interface TranscriptSegment {
  startSeconds: number;
  text: string;
}

/**
 * A video: its title block, then one passage per timed line of its transcript, so a hit opens the
 * video at that moment (a video is one result, whether its title or its words matched).
 */
export function videoDocument(video: TitledForIndex, transcript: readonly TranscriptSegment[] = []): ItemDocument {
  return {
    kind: SearchKind.video,
    itemId: video.id,
    passages: [
      { seq: 0, body: titleBlock([video.title, video.speaker, video.description]) },
      ...transcript
        .filter((s) => s.text.trim())
        .map((s, i) => ({ seq: i + 1, body: s.text.trim(), startSeconds: s.startSeconds })),
    ],
  };
}

/** A talk's transcript: one passage per timed segment, so a hit opens the talk at that moment. */
export function transcriptDocument(talkId: number, segments: readonly TranscriptSegment[]): ItemDocument {
  return {
    kind: SearchKind.transcript,
    itemId: talkId,
    passages: segments
      .filter((s) => s.text.trim())
      .map((s, i) => ({ seq: i, body: s.text.trim(), startSeconds: s.startSeconds })),
  };
}
