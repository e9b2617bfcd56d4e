import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZArticleAdminSchema,
  ZArticleInputSchema,
  ZCategoryAdminSchema,
  ZCategoryInputSchema,
  ZMarkdownPreviewSchema,
} from '#common/contracts/article-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, idParam, json, jsonBody, tokenSecurity, ZOkResponseSchema } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';

const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
  404: errorResponse('No such article or category'),
};
const tags = ['Quản trị'];
const ZArticle = z.object({ data: ZArticleAdminSchema });

const list = createRoute({
  method: 'get',
  path: '/admin/articles',
  tags,
  security: tokenSecurity,
  summary: 'Every article in any state (drafts and scheduled ones too), the newest first',
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      perPage: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: {
    200: json(
      z.object({
        data: z.object({
          items: z.array(ZArticleAdminSchema),
          total: z.number().int(),
          page: z.number().int(),
          perPage: z.number().int(),
        }),
      }),
      'One page',
    ),
    ...errors,
  },
});
const create = createRoute({
  method: 'post',
  path: '/admin/articles',
  tags,
  security: tokenSecurity,
  summary: 'Write an article in Markdown (stored as sanitised HTML); a publication date to come schedules it',
  request: { body: jsonBody(ZArticleInputSchema) },
  responses: { 201: json(ZArticle, 'The article'), ...errors },
});
const get = createRoute({
  method: 'get',
  path: '/admin/article/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One article with its Markdown',
  request: { params: idParam },
  responses: { 200: json(ZArticle, 'The article'), ...errors },
});
const update = createRoute({
  method: 'put',
  path: '/admin/article/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Rewrite, publish (status published) or withdraw (status draft) an article',
  request: { params: idParam, body: jsonBody(ZArticleInputSchema) },
  responses: { 200: json(ZArticle, 'The article'), ...errors },
});
const remove = createRoute({
  method: 'delete',
  path: '/admin/article/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete an article',
  request: { params: idParam },
  responses: { 200: json(ZOkResponseSchema, 'Deleted'), ...errors },
});
const cover = createRoute({
  method: 'post',
  path: '/admin/article/{id}/cover',
  [BODY_LIMIT_FIELD]: 'form', // one image up to 5 MB
  tags,
  security: tokenSecurity,
  summary: 'Set the article’s cover (multipart `file`: any common image, cut to 1200×630 WebP; 5 MB at most)',
  request: { params: idParam },
  responses: {
    200: json(ZArticle, 'The article with its new cover'),
    ...errors,
    413: errorResponse('Larger than 5 MB'),
    415: errorResponse('Not an image'),
  },
});
const categories = createRoute({
  method: 'get',
  path: '/admin/article_categories',
  tags,
  security: tokenSecurity,
  summary: 'The news categories with their number of published articles',
  responses: { 200: json(z.object({ data: z.array(ZCategoryAdminSchema) }), 'The categories'), ...errors },
});
const createCategory = createRoute({
  method: 'post',
  path: '/admin/article_categories',
  tags,
  security: tokenSecurity,
  summary: 'Add a category (its address is made from its name unless given)',
  request: { body: jsonBody(ZCategoryInputSchema) },
  responses: { 201: json(z.object({ data: z.object({ id: z.number().int() }) }), 'The new category'), ...errors },
});
const removeCategory = createRoute({
  method: 'delete',
  path: '/admin/article_category/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a category (its articles stay, in no category)',
  request: { params: idParam },
  responses: { 200: json(ZOkResponseSchema, 'Deleted'), ...errors },
});
const preview = createRoute({
  method: 'post',
  path: '/admin/markdown_preview',
  tags,
  security: tokenSecurity,
  summary: 'Markdown → the sanitised HTML an article or chapter would be stored as',
  request: { body: jsonBody(ZMarkdownPreviewSchema) },
  responses: { 200: json(z.object({ data: z.object({ html: z.string() }) }), 'The HTML'), ...errors },
});

/** News administration: articles and their categories (admins only). */
export function createArticleAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  for (const path of [
    '/admin/articles',
    '/admin/article/*',
    '/admin/article_categories',
    '/admin/article_category/*',
    '/admin/markdown_preview',
  ]) {
    app.use(path, requireAdminUser(services));
  }
  const admin = services.articleAdmin;
  return app
    .openapi(list, async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ data: await admin.list(c.get('user'), page, perPage) }, 200);
    })
    .openapi(create, async (c) => c.json({ data: await admin.create(c.get('user'), c.req.valid('json')) }, 201))
    .openapi(get, async (c) => c.json({ data: await admin.get(c.get('user'), c.req.valid('param').id) }, 200))
    .openapi(update, async (c) =>
      c.json({ data: await admin.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(remove, async (c) => {
      await admin.remove(c.get('user'), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(cover, async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get('file');
      if (!file || typeof file === 'string') {
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn một ảnh bìa.', { file: 'Hãy chọn một ảnh bìa.' });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json({ data: await admin.setCover(c.get('user'), c.req.valid('param').id, bytes) }, 200);
    })
    .openapi(categories, async (c) => c.json({ data: await admin.listCategories(c.get('user')) }, 200))
    .openapi(createCategory, async (c) =>
      c.json({ data: { id: await admin.createCategory(c.get('user'), c.req.valid('json')) } }, 201),
    )
    .openapi(removeCategory, async (c) => {
      await admin.removeCategory(c.get('user'), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(preview, async (c) => c.json({ data: { html: admin.preview(c.req.valid('json').markdown) } }, 200));
}
