import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZBookmarkResponseSchema,
  ZBookmarksResponseSchema,
  ZCreateBookmarkSchema,
  ZRemoveBookmarkSchema,
  ZUpdateBookmarkSchema,
} from '#common/contracts/bookmark.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, jsonBody, tokenSecurity, writeBudgetResponses } from '../openapi.ts';

const tags = ['Pháp âm'];
const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  404: errorResponse('Absent, or not yours'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/get_bookmark/{id}',
  tags,
  security: tokenSecurity,
  summary: "My bookmarks in a talk (id: the talk's id), by time",
  request: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
  responses: { 200: json(ZBookmarksResponseSchema, 'My bookmarks'), ...errors },
});
const createBookmarkRoute = createRoute({
  method: 'post',
  path: '/create_bookmark',
  tags,
  security: tokenSecurity,
  summary: 'Bookmark a moment of a talk {audioId, time (seconds), label?}',
  request: { body: jsonBody(ZCreateBookmarkSchema) },
  responses: {
    ...writeBudgetResponses,
    201: json(ZBookmarkResponseSchema, 'The bookmark'),
    409: errorResponse('Too many bookmarks'),
    ...errors,
  },
});
const updateBookmarkRoute = createRoute({
  method: 'post',
  path: '/update_bookmark',
  tags,
  security: tokenSecurity,
  summary: 'Move or rename a bookmark {id, time?, label?}',
  request: { body: jsonBody(ZUpdateBookmarkSchema) },
  responses: { ...writeBudgetResponses, 200: json(ZBookmarkResponseSchema, 'The bookmark'), ...errors },
});
const removeBookmarkRoute = createRoute({
  method: 'post',
  path: '/remove_bookmark',
  tags,
  security: tokenSecurity,
  summary: 'Delete a bookmark {id}',
  request: { body: jsonBody(ZRemoveBookmarkSchema) },
  responses: {
    ...writeBudgetResponses,
    200: json(z.object({ data: z.object({ ok: z.literal(true) }) }), 'Deleted'),
    ...errors,
  },
});

export function createBookmarkRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  for (const path of ['/get_bookmark/*', '/create_bookmark', '/update_bookmark', '/remove_bookmark'])
    app.use(path, auth);
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;
  return app
    .openapi(listRoute, async (c) =>
      c.json({ data: { items: await services.bookmarks.list(me(c), c.req.valid('param').id) } }, 200),
    )
    .openapi(createBookmarkRoute, async (c) =>
      c.json({ data: await services.bookmarks.create(me(c), c.req.valid('json')) }, 201),
    )
    .openapi(updateBookmarkRoute, async (c) =>
      c.json({ data: await services.bookmarks.update(me(c), c.req.valid('json')) }, 200),
    )
    .openapi(removeBookmarkRoute, async (c) => {
      await services.bookmarks.remove(me(c), c.req.valid('json').id);
      return c.json({ data: { ok: true as const } }, 200);
    });
}
