import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZChapterViewSchema } from '#common/contracts/book.schema.ts';
import {
  ZBookCatalogueResponseSchema,
  ZBookDetailResponseSchema,
  ZBookDocumentResponseSchema,
  ZLibrarySearchQuerySchema,
  ZLibrarySearchResponseSchema,
  ZOfflineBookResponseSchema,
} from '#common/contracts/library.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, ZCodeParamSchema } from '../openapi.ts';

const notFound = errorResponse('No such published book or chapter');
const badInput = errorResponse('Bad input');
const tags = ['Sách và thư viện'];
const bookCode = ZCodeParamSchema;

const catalogueRoute = createRoute({
  method: 'get',
  path: '/public/doc/all-doc-content',
  tags,
  summary: 'Every published book with its table of contents (no text): a catalogue for clients',
  responses: { 200: json(ZBookCatalogueResponseSchema, 'The catalogue, by title') },
});

const documentRoute = createRoute({
  method: 'get',
  path: '/public/doc/{code}',
  tags,
  summary: 'A whole published book: its details and every chapter with its text, in order',
  request: { params: z.object({ code: bookCode }) },
  responses: { 200: json(ZBookDocumentResponseSchema, 'The book and its chapters'), 400: badInput, 404: notFound },
});

const offlineRoute = createRoute({
  method: 'get',
  path: '/public/doc/{code}/offline',
  tags,
  summary:
    'What downloading a published book for offline reading fetches: its pages, each chapter with size and SHA-256',
  request: { params: z.object({ code: bookCode }) },
  responses: {
    200: json(ZOfflineBookResponseSchema, 'The book page and its chapter pages'),
    400: badInput,
    404: notFound,
  },
});

const bookRoute = createRoute({
  method: 'get',
  path: '/public/book/{code}',
  tags,
  summary: 'A published book: titles, credits, licence and table of contents',
  request: { params: z.object({ code: bookCode }) },
  responses: { 200: json(ZBookDetailResponseSchema, 'The book'), 400: badInput, 404: notFound },
});

const chapterRoute = createRoute({
  method: 'get',
  path: '/public/chapter/{code}/{chapter}',
  tags,
  summary: 'One chapter of a published book, by its position (1-based) or its chapter code',
  request: { params: z.object({ code: bookCode, chapter: ZCodeParamSchema }) },
  responses: {
    200: json(z.object({ data: ZChapterViewSchema }), 'The chapter as the reader shows it'),
    400: badInput,
    404: notFound,
  },
});

const publicSearchRoute = createRoute({
  method: 'get',
  path: '/public/library/search/',
  tags,
  summary: 'The library: published books (loai=book) or talks (loai=phap-am), filtered and paged',
  request: { query: ZLibrarySearchQuerySchema },
  responses: { 200: json(ZLibrarySearchResponseSchema, 'One page of results'), 400: badInput },
});

const adminSearchRoute = createRoute({
  method: 'get',
  path: '/admin/library/search/',
  tags: ['Quản trị'],
  summary: 'The library for moderators and admins: drafts and pending items too, with their status',
  security: [{ token: [] }],
  request: { query: ZLibrarySearchQuerySchema },
  responses: {
    200: json(ZLibrarySearchResponseSchema, 'One page of results'),
    400: badInput,
    401: errorResponse('Not logged in'),
    403: errorResponse('Not a moderator or admin'),
  },
});

export function createBookRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  // Another router's /admin/* guard may already have identified the user: look the token up once.
  app.use('/admin/library/*', async (c, next) => (c.get('user') ? next() : auth(c, next)));

  return (
    app
      // Before /public/doc/{code}, which would otherwise read "all-doc-content" as a book code.
      .openapi(catalogueRoute, async (c) => c.json({ data: await services.library.listCatalogue() }, 200))
      .openapi(documentRoute, async (c) =>
        c.json({ data: await services.library.getDocument(c.req.valid('param').code) }, 200),
      )
      .openapi(offlineRoute, async (c) =>
        c.json({ data: await services.library.getOfflineBook(c.req.valid('param').code) }, 200),
      )
      .openapi(bookRoute, async (c) => c.json({ data: await services.library.getBook(c.req.valid('param').code) }, 200))
      .openapi(chapterRoute, async (c) => {
        const { code, chapter } = c.req.valid('param');
        return c.json({ data: await services.library.getChapterOfBook(code, chapter) }, 200);
      })
      .openapi(publicSearchRoute, async (c) =>
        c.json({ data: await services.library.search(c.req.valid('query')) }, 200),
      )
      .openapi(adminSearchRoute, async (c) =>
        c.json({ data: await services.library.searchAsModerator(c.get('user'), c.req.valid('query')) }, 200),
      )
  );
}
