import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZAdminBookPageSchema,
  ZAdminBookQuerySchema,
  ZAdminBookSchema,
  ZAdminChapterSchema,
  ZAdminIdParamSchema,
  ZBookInputSchema,
  ZChapterInputSchema,
  ZChapterOrderSchema,
  ZMarkdownPreviewRequestSchema,
  ZMarkdownPreviewSchema,
} from '#common/contracts/book-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, tokenSecurity } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';

const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const tags = ['Quản trị sách'];
const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
};
const notFound = { 404: errorResponse('No such book or chapter') };
const conflict = { 409: errorResponse('Not possible in its current state') };
const bookResponse = json(z.object({ data: ZAdminBookSchema }), 'The book, with its chapters');
const chapterResponse = json(z.object({ data: ZAdminChapterSchema }), 'The chapter, its Markdown and stored HTML');
const params = ZAdminIdParamSchema;

const listBooks = createRoute({
  method: 'get',
  path: '/admin/books',
  tags,
  security: tokenSecurity,
  summary: 'Every book in any state (or one: status), most recently changed first',
  request: { query: ZAdminBookQuerySchema },
  responses: { 200: json(z.object({ data: ZAdminBookPageSchema }), 'One page of books'), ...errors },
});

const createBook = createRoute({
  method: 'post',
  path: '/admin/books',
  tags,
  security: tokenSecurity,
  summary: 'Create a book (a draft, no chapters); without a code, one is made from the title',
  request: { body: body(ZBookInputSchema) },
  responses: { 201: bookResponse, ...errors, ...conflict },
});

const getBook = createRoute({
  method: 'get',
  path: '/admin/book/{id}',
  tags,
  security: tokenSecurity,
  summary: 'A book in any state, with its chapter list',
  request: { params },
  responses: { 200: bookResponse, ...errors, ...notFound },
});

const updateBook = createRoute({
  method: 'put',
  path: '/admin/book/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Edit a book’s fields (its code stays)',
  request: { params, body: body(ZBookInputSchema) },
  responses: { 200: bookResponse, ...errors, ...notFound },
});

const deleteBook = createRoute({
  method: 'delete',
  path: '/admin/book/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a book with its chapters, search passages and cover files',
  request: { params },
  responses: {
    200: json(z.object({ data: z.object({ ok: z.literal(true) }) }), 'Deleted'),
    ...errors,
    ...notFound,
  },
});

const publishBook = createRoute({
  method: 'post',
  path: '/admin/book/{id}/publish',
  tags,
  security: tokenSecurity,
  summary: 'Publish a book (it needs a chapter): readers and search see it',
  request: { params },
  responses: { 200: bookResponse, ...errors, ...notFound, ...conflict },
});

const unpublishBook = createRoute({
  method: 'post',
  path: '/admin/book/{id}/unpublish',
  tags,
  security: tokenSecurity,
  summary: 'Take a book back to draft: gone from reader pages and search',
  request: { params },
  responses: { 200: bookResponse, ...errors, ...notFound },
});

const uploadCover = createRoute({
  method: 'post',
  path: '/admin/book/{id}/cover',
  [BODY_LIMIT_FIELD]: 'form', // one image up to 5 MB
  tags,
  security: tokenSecurity,
  summary: 'Upload a cover (any common image; cut to the 300×400 preset, with 150 and 600 px widths)',
  request: {
    params,
    body: {
      required: true,
      content: {
        'multipart/form-data': { schema: z.object({ cover: z.any().openapi({ type: 'string', format: 'binary' }) }) },
      },
    },
  },
  responses: {
    200: bookResponse,
    ...errors,
    ...notFound,
    413: errorResponse('Too large'),
    415: errorResponse('Not an image'),
  },
});

const addChapter = createRoute({
  method: 'post',
  path: '/admin/book/{id}/chapters',
  tags,
  security: tokenSecurity,
  summary: 'Add a chapter at the end, written in Markdown (stored with its sanitised HTML)',
  request: { params, body: body(ZChapterInputSchema) },
  responses: { 201: chapterResponse, ...errors, ...notFound },
});

const orderChapters = createRoute({
  method: 'post',
  path: '/admin/book/{id}/chapters/order',
  tags,
  security: tokenSecurity,
  summary: 'Reorder a book’s chapters: ids names every chapter once, in the new order',
  request: { params, body: body(ZChapterOrderSchema) },
  responses: { 200: bookResponse, ...errors, ...notFound },
});

const getChapter = createRoute({
  method: 'get',
  path: '/admin/chapter/{id}',
  tags,
  security: tokenSecurity,
  summary: 'A chapter with its Markdown source (imported chapters: their HTML) and stored HTML',
  request: { params },
  responses: { 200: chapterResponse, ...errors, ...notFound },
});

const updateChapter = createRoute({
  method: 'put',
  path: '/admin/chapter/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Edit a chapter’s title and Markdown',
  request: { params, body: body(ZChapterInputSchema) },
  responses: { 200: chapterResponse, ...errors, ...notFound },
});

const deleteChapter = createRoute({
  method: 'delete',
  path: '/admin/chapter/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a chapter (the next ones move up); a published book keeps at least one',
  request: { params },
  responses: { 200: bookResponse, ...errors, ...notFound, ...conflict },
});

const previewMarkdown = createRoute({
  method: 'post',
  path: '/admin/markdown/preview',
  tags,
  security: tokenSecurity,
  summary: 'Markdown → the sanitised HTML saving it would store (the editor’s live preview)',
  request: { body: body(ZMarkdownPreviewRequestSchema) },
  responses: { 200: json(z.object({ data: ZMarkdownPreviewSchema }), 'The HTML'), ...errors },
});

/** The administration of books and chapters (admins only). */
export function createBookAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const guard = requireAdminUser(services);
  for (const path of ['/admin/books', '/admin/book/*', '/admin/chapter/*', '/admin/markdown/*']) app.use(path, guard);
  const admin = services.bookAdmin;
  return app
    .openapi(listBooks, async (c) => c.json({ data: await admin.listBooks(c.get('user'), c.req.valid('query')) }, 200))
    .openapi(createBook, async (c) => c.json({ data: await admin.createBook(c.get('user'), c.req.valid('json')) }, 201))
    .openapi(getBook, async (c) => c.json({ data: await admin.getBook(c.get('user'), c.req.valid('param').id) }, 200))
    .openapi(updateBook, async (c) =>
      c.json({ data: await admin.updateBook(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteBook, async (c) => {
      await admin.deleteBook(c.get('user'), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(publishBook, async (c) =>
      c.json({ data: await admin.publishBook(c.get('user'), c.req.valid('param').id) }, 200),
    )
    .openapi(unpublishBook, async (c) =>
      c.json({ data: await admin.unpublishBook(c.get('user'), c.req.valid('param').id) }, 200),
    )
    .openapi(uploadCover, async (c) => {
      const form = await c.req.parseBody().catch(() => {
        throw new AppError('BAD_REQUEST', 'Hãy gửi ảnh bìa dưới dạng multipart/form-data.');
      });
      const file = form['cover'];
      if (!(file instanceof File)) {
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn một ảnh bìa.', { cover: 'Hãy chọn một ảnh.' });
      }
      const book = await admin.setCover(
        c.get('user'),
        c.req.valid('param').id,
        new Uint8Array(await file.arrayBuffer()),
      );
      return c.json({ data: book }, 200);
    })
    .openapi(addChapter, async (c) =>
      c.json({ data: await admin.addChapter(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 201),
    )
    .openapi(orderChapters, async (c) =>
      c.json(
        { data: await admin.reorderChapters(c.get('user'), c.req.valid('param').id, c.req.valid('json').ids) },
        200,
      ),
    )
    .openapi(getChapter, async (c) =>
      c.json({ data: await admin.getChapter(c.get('user'), c.req.valid('param').id) }, 200),
    )
    .openapi(updateChapter, async (c) =>
      c.json({ data: await admin.updateChapter(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteChapter, async (c) =>
      c.json({ data: await admin.deleteChapter(c.get('user'), c.req.valid('param').id) }, 200),
    )
    .openapi(previewMarkdown, async (c) =>
      c.json({ data: admin.previewMarkdown(c.get('user'), c.req.valid('json').markdown) }, 200),
    );
}
