import crypto from 'node:crypto';
import { parseDocument } from 'htmlparser2';
import * as DomUtils from 'domutils';
import { SITE_NAME } from '#common/constants.ts';
import { QUOTE_CARD_MESSAGES } from '#common/contracts/quote-card.schema.ts';
import type { PassageRange } from '#common/paths.ts';
import { AppError } from '#server/errors.ts';
import { renderQuoteCard } from '#server/export/quote-card.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** Cards kept in memory (about 50 KB each): the same passage is shared, and previewed, many times. */
const CACHE_ENTRIES = 200;

export interface QuoteCard {
  png: Buffer;
  etag: string;
  /** The words on the card (the passage), for the page's description. */
  quote: string;
}

/**
 * Quote cards: a passage of a published chapter as a picture to share (decision 0032). Only words
 * of the library can be put on a card — the passage is taken from the stored chapter by its
 * paragraph and offsets, never from the request — and the same passage always makes the same
 * picture, so the last ones made are kept.
 */
export function createQuoteCardService(deps: { repos: Repositories }) {
  const cache = new Map<string, QuoteCard>();

  /** The passage and its source, or NOT_FOUND / VALIDATION_FAILED in Vietnamese. */
  async function passageOf(chapterCode: string, range: PassageRange) {
    const chapter = await deps.repos.books.findPublishedChapter(chapterCode);
    const document = chapter ? parseDocument(chapter.body_html) : null;
    const paragraph = document
      ? DomUtils.findOne((e) => e.attribs.id === range.paragraph, document.children, true)
      : null;
    if (!chapter || !paragraph) throw new AppError('NOT_FOUND', QUOTE_CARD_MESSAGES.notFound);
    const text = DomUtils.textContent(paragraph);
    if (range.start !== undefined && (range.end! > text.length || range.start >= range.end!)) {
      throw new AppError('VALIDATION_FAILED', QUOTE_CARD_MESSAGES.range, { den: QUOTE_CARD_MESSAGES.range });
    }
    const quote = (range.start !== undefined ? text.slice(range.start, range.end) : text).replace(/\s+/g, ' ').trim();
    if (!quote) throw new AppError('VALIDATION_FAILED', QUOTE_CARD_MESSAGES.range, { den: QUOTE_CARD_MESSAGES.range });
    const source = `${chapter.book_title} · ${chapter.title ?? `Chương ${chapter.position}`}`;
    return { quote, source, bookCode: chapter.book_code };
  }

  return {
    passageOf,

    async cardOf(chapterCode: string, range: PassageRange): Promise<QuoteCard> {
      const { quote, source } = await passageOf(chapterCode, range);
      const key = crypto.createHash('sha256').update(`${quote}\n${source}`).digest('base64url').slice(0, 27);
      const cached = cache.get(key);
      if (cached) return cached;
      const card = { png: await renderQuoteCard({ quote, source, siteName: SITE_NAME }), etag: `"${key}"`, quote };
      cache.set(key, card);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return card;
    },
  };
}

export type QuoteCardService = ReturnType<typeof createQuoteCardService>;
