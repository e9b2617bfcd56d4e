import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZBookmarkResponseSchema,
  ZBookmarksResponseSchema,
  ZCreateBookmarkSchema,
  ZRemoveBookmarkSchema,
  ZUpdateBookmarkSchema,
} from '#common/contracts/bookmark.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const security = [{ token: [] }];
const tags = ['Pháp âm'];
const errors = {
  400: json(ZErrorResponseSchema, 'Bad input'),
  401: json(ZErrorResponseSchema, 'Not logged in'),
  404: json(ZErrorResponseSchema, 'Absent, or not yours'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/get_bookmark/{id}',
  tags,
  security,
  summary: "My bookmarks in a talk (id: the talk's id), by time",
  request: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
  responses: { 200: json(ZBookmarksResponseSchema, 'My bookmarks'), ...errors },
});
const createBookmarkRoute = createRoute({
  method: 'post',
  path: '/create_bookmark',
  tags,
  security,
  summary: 'Bookmark a moment of a talk {audioId, time (seconds), label?}',
  request: { body: body(ZCreateBookmarkSchema) },
  responses: {
    201: json(ZBookmarkResponseSchema, 'The bookmark'),
    409: json(ZErrorResponseSchema, 'Too many bookmarks'),
    ...errors,
  },
});
const updateBookmarkRoute = createRoute({
  method: 'post',
  path: '/update_bookmark',
  tags,
  security,
  summary: 'Move or rename a bookmark {id, time?, label?}',
  request: { body: body(ZUpdateBookmarkSchema) },
  responses: { 200: json(ZBookmarkResponseSchema, 'The bookmark'), ...errors },
});
const removeBookmarkRoute = createRoute({
  method: 'post',
  path: '/remove_bookmark',
  tags,
  security,
  summary: 'Delete a bookmark {id}',
  request: { body: body(ZRemoveBookmarkSchema) },
  responses: { 200: json(z.object({ data: z.object({ ok: z.literal(true) }) }), 'Deleted'), ...errors },
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
