import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZArticleCategoriesResponseSchema,
  ZArticleCategoryQuerySchema,
  ZArticleCategoryResponseSchema,
  ZArticleResponseSchema,
  ZArticleSlugQuerySchema,
  ZArticlesQuerySchema,
  ZArticlesResponseSchema,
} from '#common/contracts/article.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json } from '../openapi.ts';

const tags = ['Tin tức'];
const badInput = errorResponse('Bad input');

const listRoute = createRoute({
  method: 'get',
  path: '/public/articles',
  tags,
  summary: 'Published articles, newest first (page and per_page default to 1 and 10; per_page at most 100)',
  request: { query: ZArticlesQuerySchema },
  responses: { 200: json(ZArticlesResponseSchema, 'One page of articles'), 400: badInput },
});

const categoriesRoute = createRoute({
  method: 'get',
  path: '/public/all_categories',
  tags,
  summary: 'Every article category in its order, with its number of published articles',
  responses: { 200: json(ZArticleCategoriesResponseSchema, 'The categories') },
});

const categoryRoute = createRoute({
  method: 'get',
  path: '/public/article_category',
  tags,
  summary: 'A category and one page of its articles, newest first',
  request: { query: ZArticleCategoryQuerySchema },
  responses: {
    200: json(ZArticleCategoryResponseSchema, 'The category and a page of its articles'),
    400: badInput,
    404: errorResponse('No such category'),
  },
});

const articleRoute = createRoute({
  method: 'get',
  path: '/public/article',
  tags,
  summary: 'A published article (sanitised HTML, licence, source) with related articles of its category',
  request: { query: ZArticleSlugQuerySchema },
  responses: {
    200: json(ZArticleResponseSchema, 'The article'),
    400: badInput,
    404: errorResponse('No such published article'),
  },
});

export function createArticleRoutes(services: Services) {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { page, per_page } = c.req.valid('query');
      return c.json({ data: await services.articles.listArticles(page, per_page) }, 200);
    })
    .openapi(categoriesRoute, async (c) => c.json({ data: { items: await services.articles.listCategories() } }, 200))
    .openapi(categoryRoute, async (c) => {
      const { slug, page, per_page } = c.req.valid('query');
      return c.json({ data: await services.articles.getCategoryPage(slug, page, per_page) }, 200);
    })
    .openapi(articleRoute, async (c) =>
      c.json({ data: await services.articles.getArticle(c.req.valid('query').slug) }, 200),
    );
}
