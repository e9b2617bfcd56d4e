import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZFavoriteBookRequestSchema, ZFavoriteBooksResponseSchema } from '#common/contracts/favorite.schema.ts';
import {
  ZCreateNoteRequestSchema,
  ZMyNotesQuerySchema,
  ZNoteSchema,
  ZNotesPageSchema,
  ZOrderNotesRequestSchema,
  ZPublicNoteSchema,
  ZUpdateNoteRequestSchema,
} from '#common/contracts/note.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import {
  codeParam,
  errorResponse,
  idParam,
  json,
  jsonBody,
  tokenSecurity,
  ZOkResponseSchema,
  writeBudgetResponses,
} from '../openapi.ts';

const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  404: errorResponse('Absent, or not yours'),
};
const tags = ['Ghi chú'];

const createNote = createRoute({
  method: 'post',
  path: '/notes',
  tags,
  security: tokenSecurity,
  summary: 'Highlight a passage (with an optional note)',
  request: { body: jsonBody(ZCreateNoteRequestSchema) },
  responses: { ...writeBudgetResponses, 201: json(z.object({ data: ZNoteSchema }), 'The note'), ...errors },
});
const getNote = createRoute({
  method: 'get',
  path: '/note/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One of my notes',
  request: { params: idParam },
  responses: { 200: json(z.object({ data: ZNoteSchema }), 'The note'), ...errors },
});
const updateNote = createRoute({
  method: 'put',
  path: '/note/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Change a note’s colour, text or sharing',
  request: { params: idParam, body: jsonBody(ZUpdateNoteRequestSchema) },
  responses: { ...writeBudgetResponses, 200: json(z.object({ data: ZNoteSchema }), 'The note'), ...errors },
});
const deleteNote = createRoute({
  method: 'delete',
  path: '/note/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a note',
  request: { params: idParam },
  responses: { ...writeBudgetResponses, 200: json(ZOkResponseSchema, 'Deleted'), ...errors },
});
const myNotesOfBook = createRoute({
  method: 'get',
  path: '/book/{code}/my_notes',
  tags,
  security: tokenSecurity,
  summary: 'A page of my notes in one book, in reading order (page 1, perPage 50 by default, at most 100)',
  request: { params: codeParam, query: ZMyNotesQuerySchema },
  responses: { 200: json(z.object({ data: ZNotesPageSchema }), 'One page of my notes'), ...errors },
});
const ungroupedNotes = createRoute({
  method: 'get',
  path: '/ungroup_notes',
  tags,
  security: tokenSecurity,
  summary: 'A page of my notes that are in no note group (page 1, perPage 50 by default, at most 100)',
  request: { query: ZMyNotesQuerySchema },
  responses: {
    200: json(z.object({ data: ZNotesPageSchema }), 'One page of my notes'),
    400: errors[400],
    401: errors[401],
  },
});
const orderNotes = createRoute({
  method: 'post',
  path: '/order_notes',
  tags,
  security: tokenSecurity,
  summary: 'Set the order of my notes',
  request: { body: jsonBody(ZOrderNotesRequestSchema) },
  responses: { ...writeBudgetResponses, 200: json(ZOkResponseSchema, 'Ordered'), ...errors },
});
const publicNote = createRoute({
  method: 'get',
  path: '/public/note/{id}',
  tags,
  summary: 'A note its owner shared',
  request: { params: idParam },
  responses: { 200: json(z.object({ data: ZPublicNoteSchema }), 'The note'), 404: errors[404] },
});

const favTags = ['Sách đã lưu'];
const addFavorite = createRoute({
  method: 'post',
  path: '/favorite_books',
  tags: favTags,
  security: tokenSecurity,
  summary: 'Save a book to my reading list',
  request: { body: jsonBody(ZFavoriteBookRequestSchema) },
  responses: { ...writeBudgetResponses, 201: json(ZFavoriteBooksResponseSchema, 'My reading list'), ...errors },
});
const removeFavorite = createRoute({
  method: 'delete',
  path: '/favorite_books/{code}',
  tags: favTags,
  security: tokenSecurity,
  summary: 'Remove a book from my reading list',
  request: { params: codeParam },
  responses: { ...writeBudgetResponses, 200: json(ZOkResponseSchema, 'Removed'), ...errors },
});
const listFavorites = createRoute({
  method: 'get',
  path: '/favorite_books',
  tags: favTags,
  security: tokenSecurity,
  summary: 'My reading list',
  responses: { 200: json(ZFavoriteBooksResponseSchema, 'My reading list'), 401: errors[401] },
});

export function createNoteRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  for (const path of [
    '/notes',
    '/note/*',
    '/book/*',
    '/ungroup_notes',
    '/order_notes',
    '/favorite_books',
    '/favorite_books/*',
  ]) {
    app.use(path, auth);
  }
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;

  return app
    .openapi(createNote, async (c) => c.json({ data: await services.notes.create(me(c), c.req.valid('json')) }, 201))
    .openapi(getNote, async (c) => c.json({ data: await services.notes.get(me(c), c.req.valid('param').id) }, 200))
    .openapi(updateNote, async (c) =>
      c.json({ data: await services.notes.update(me(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteNote, async (c) => {
      await services.notes.remove(me(c), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(myNotesOfBook, async (c) =>
      c.json({ data: await services.notes.listOfBook(me(c), c.req.valid('param').code, c.req.valid('query')) }, 200),
    )
    .openapi(ungroupedNotes, async (c) =>
      c.json({ data: await services.notes.listUngrouped(me(c), c.req.valid('query')) }, 200),
    )
    .openapi(orderNotes, async (c) => {
      await services.notes.order(me(c), c.req.valid('json').ids);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(publicNote, async (c) => c.json({ data: await services.notes.getPublic(c.req.valid('param').id) }, 200))
    .openapi(addFavorite, async (c) =>
      c.json({ data: { favBooks: await services.favorites.save(me(c), c.req.valid('json').bookCode) } }, 201),
    )
    .openapi(removeFavorite, async (c) => {
      await services.favorites.unsave(me(c), c.req.valid('param').code);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(listFavorites, async (c) => c.json({ data: { favBooks: await services.favorites.list(me(c)) } }, 200));
}
