import type { ArticleSummary, BookSummary, Quote, TalkSummary } from '#common/contracts/content.schema.ts';
import type { HomeKeyword } from '#common/contracts/keyword.schema.ts';
import type { FooterQuote } from '#common/contracts/site.schema.ts';
import type { ArticleListRow } from '#server/repositories/article.repository.ts';
import type { BookListRow } from '#server/repositories/book.repository.ts';
import type { QuoteRow } from '#server/repositories/quote.repository.ts';
import type { FooterQuoteRow, HomeKeywordRow } from '#server/repositories/site.repository.ts';
import type { TalkListRow } from '#server/repositories/talk.repository.ts';

/** Presenters pick the fields a response may carry: rows never leave the server as they are. */

export function presentBookSummary(row: BookListRow): BookSummary {
  return {
    code: row.code,
    title: row.title,
    titleOriginal: row.title_original,
    author: row.author,
    translator: row.translator,
    description: row.description,
    coverImage: row.cover_image,
    chapterCount: row.chapter_count,
    firstChapterCode: row.first_chapter_code,
    publishedAt: row.published_at,
  };
}

export function presentTalkSummary(row: TalkListRow): TalkSummary {
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    durationSeconds: row.duration_seconds,
    collectionId: row.collection_id,
    collectionTitle: row.collection_title,
    recordedOn: row.recorded_on,
  };
}

export function presentArticleSummary(row: ArticleListRow): ArticleSummary {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    categorySlug: row.category_slug,
    categoryName: row.category_name,
    coverImage: row.cover_image,
    publishedAt: row.published_at,
  };
}

export function presentQuote(row: QuoteRow): Quote {
  return {
    code: row.code,
    topic: row.topic,
    pali: row.pali,
    sinoVietnamese: row.sino_vietnamese,
    chinese: row.chinese,
    meaning: row.meaning,
    license: row.license,
  };
}

export function presentHomeKeyword(row: HomeKeywordRow): HomeKeyword {
  const extra = JSON.parse(row.extra_terms) as string[];
  return extra.length === 0 ? { keyword: row.main_term } : { keywords: [row.main_term, ...extra] };
}

export function presentFooterQuote(row: FooterQuoteRow): FooterQuote {
  return { text: row.text, original: row.original, source: row.source, translator: row.translator };
}
