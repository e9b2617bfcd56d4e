import {
  ARTICLE_MESSAGES,
  RELATED_ARTICLE_COUNT,
  type ArticleCard,
  type ArticleCategory,
  type ArticleCategoryPage,
  type ArticleDetail,
} from '#common/contracts/article.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import { sanitizeArticleHtml } from '#server/lib/sanitize-html.ts';
import { presentArticle, presentArticleCard, presentArticleCategory } from '#server/presenters/article.presenter.ts';
import type { NewArticle } from '#server/repositories/article.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { indexArticle } from './search-indexer.service.ts';
import type { Transaction } from './service-context.ts';

export interface ArticlePage {
  items: ArticleCard[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * News and articles: the feed (newest first), the categories, one category's page, and one
 * article with related ones. Bodies are sanitised on every write and again when presented.
 */
export function createArticleService(deps: { repos: Repositories; transaction: Transaction; onIndexed?: () => void }) {
  const { repos } = deps;
  return {
    async listArticles(page: number, perPage: number): Promise<ArticlePage> {
      const [rows, total] = await Promise.all([
        repos.articles.listPublished(perPage, (page - 1) * perPage),
        repos.articles.countPublishedIn(),
      ]);
      return { items: rows.map(presentArticleCard), total, page, perPage };
    },

    async listCategories(): Promise<ArticleCategory[]> {
      return (await repos.articles.listCategories()).map(presentArticleCategory);
    },

    /** A category with one page of its articles; null when there is no such category. */
    async findCategoryPage(slug: string, page: number, perPage: number): Promise<ArticleCategoryPage | null> {
      const category = await repos.articles.findCategoryBySlug(slug);
      if (!category) return null;
      const rows = await repos.articles.listPublished(perPage, (page - 1) * perPage, category.id);
      return {
        category: presentArticleCategory(category),
        items: rows.map(presentArticleCard),
        total: category.article_count,
        page,
        perPage,
      };
    },

    async getCategoryPage(slug: string, page: number, perPage: number): Promise<ArticleCategoryPage> {
      const found = await this.findCategoryPage(slug, page, perPage);
      if (!found) throw new AppError('NOT_FOUND', ARTICLE_MESSAGES.categoryNotFound);
      return found;
    },

    /** A published article with a few others of its category; null when there is none. */
    async findArticle(slug: string): Promise<ArticleDetail | null> {
      const row = await repos.articles.findPublishedBySlug(slug);
      if (!row) return null;
      const related = row.category_id
        ? await repos.articles.listRelated(row.category_id, row.id, RELATED_ARTICLE_COUNT)
        : [];
      return { ...presentArticle(row), related: related.map(presentArticleCard) };
    },

    async getArticle(slug: string): Promise<ArticleDetail> {
      const found = await this.findArticle(slug);
      if (!found) throw new AppError('NOT_FOUND', ARTICLE_MESSAGES.notFound);
      return found;
    },

    /**
     * Stores a new article: title and summary NFC, body sanitised (paragraphs numbered), and
     * indexed for search in the same transaction. The way every writer (import, admin) adds one.
     */
    async createArticle(article: NewArticle): Promise<number> {
      return deps
        .transaction(async (trx) => {
          const id = await trx.articles.insert(prepareArticleRow(article));
          await indexArticle(trx, id);
          return id;
        })
        .finally(() => deps.onIndexed?.());
    },
  };
}

/** An article row as it may be stored: text NFC, body sanitised. */
export function prepareArticleRow(article: NewArticle): NewArticle {
  return {
    ...article,
    title: normalizeText(article.title),
    summary: article.summary ? normalizeText(article.summary) : null,
    body_html: sanitizeArticleHtml(article.body_html),
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
