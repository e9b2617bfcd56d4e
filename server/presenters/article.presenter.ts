import {
  READING_WORDS_PER_MINUTE,
  type Article,
  type ArticleCard,
  type ArticleCategory,
} from '#common/contracts/article.schema.ts';
import { htmlBlocks } from '#server/lib/html.ts';
import { sanitizeArticleHtml } from '#server/lib/sanitize-html.ts';
import type { ArticleCategoryRow, ArticleListRow } from '#server/repositories/article.repository.ts';

/** Minutes to read some HTML, rounded up, at least one. */
export function readingMinutesOf(html: string): number {
  const words = htmlBlocks(html).reduce((n, block) => n + block.text.split(' ').length, 0);
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

export function presentArticleCategory(row: ArticleCategoryRow): ArticleCategory {
  return { slug: row.slug, name: row.name, description: row.description, articleCount: row.article_count };
}

export function presentArticleCard(row: ArticleListRow): ArticleCard {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    coverImage: row.cover_image,
    author: row.author,
    category: row.category_slug && row.category_name ? { slug: row.category_slug, name: row.category_name } : null,
    publishedAt: row.published_at,
    readingMinutes: readingMinutesOf(row.body_html),
  };
}

/** The whole article. Its stored HTML is sanitised again here: whatever wrote it, it leaves inert. */
export function presentArticle(row: ArticleListRow): Article {
  const bodyHtml = sanitizeArticleHtml(row.body_html);
  return {
    ...presentArticleCard(row),
    readingMinutes: readingMinutesOf(bodyHtml),
    bodyHtml,
    updatedAt: row.updated_at,
    license:
      row.license_spdx && row.license_name && row.license_url
        ? {
            spdx: row.license_spdx,
            name: row.license_name,
            url: row.license_url,
            attribution: row.license_attribution,
            note: row.license_note,
          }
        : null,
    sourceUrl: row.source_url,
  };
}
