import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZCreatePlaylistItemsSchema,
  ZCreatePlaylistSchema,
  ZIdBodySchema,
  ZPlaylistItemsResponseSchema,
  ZPlaylistResponseSchema,
  ZPlaylistsResponseSchema,
  ZUpdatePlaylistItemsSchema,
  ZUpdatePlaylistSchema,
} from '#common/contracts/playlist.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, idParam, json, jsonBody, tokenSecurity, writeBudgetResponses } from '../openapi.ts';

const tags = ['Danh sách phát'];
const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  404: errorResponse('Absent, or not yours'),
};
const conflict = { 409: errorResponse('A limit is reached') };
const ok = json(z.object({ data: z.object({ ok: z.literal(true) }) }), 'Done');

const listRoute = createRoute({
  method: 'get',
  path: '/get_playlist',
  tags,
  security: tokenSecurity,
  summary: 'My playlists, newest first',
  responses: { 200: json(ZPlaylistsResponseSchema, 'My playlists'), 401: errors[401] },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/get_playlist_detail/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One of my playlists',
  request: { params: idParam },
  responses: { 200: json(ZPlaylistResponseSchema, 'The playlist'), ...errors },
});
const createPlaylistRoute = createRoute({
  method: 'post',
  path: '/create_playlist',
  tags,
  security: tokenSecurity,
  summary: 'Make a playlist {name, description?}',
  request: { body: jsonBody(ZCreatePlaylistSchema) },
  responses: { ...writeBudgetResponses, 201: json(ZPlaylistResponseSchema, 'The playlist'), ...errors, ...conflict },
});
const updatePlaylistRoute = createRoute({
  method: 'post',
  path: '/update_playlist',
  tags,
  security: tokenSecurity,
  summary: 'Rename or describe a playlist {id, name?, description?}',
  request: { body: jsonBody(ZUpdatePlaylistSchema) },
  responses: { ...writeBudgetResponses, 200: json(ZPlaylistResponseSchema, 'The playlist'), ...errors },
});
const removePlaylistRoute = createRoute({
  method: 'post',
  path: '/remove_playlist',
  tags,
  security: tokenSecurity,
  summary: 'Delete a playlist {id}',
  request: { body: jsonBody(ZIdBodySchema) },
  responses: { ...writeBudgetResponses, 200: ok, ...errors },
});
const itemsRoute = createRoute({
  method: 'get',
  path: '/get_playlist_items/{id}',
  tags,
  security: tokenSecurity,
  summary: 'The talks of a playlist, in its order',
  request: { params: idParam },
  responses: { 200: json(ZPlaylistItemsResponseSchema, 'The items'), ...errors },
});
const addItemsRoute = createRoute({
  method: 'post',
  path: '/create_playlist_item',
  tags,
  security: tokenSecurity,
  summary: 'Add talks to playlists {audioPlaylistItems: [{playlistId, audioId}]}: all or none',
  request: { body: jsonBody(ZCreatePlaylistItemsSchema) },
  responses: {
    ...writeBudgetResponses,
    201: json(ZPlaylistItemsResponseSchema, 'The items of the playlists touched'),
    ...errors,
    ...conflict,
  },
});
const reorderRoute = createRoute({
  method: 'post',
  path: '/update_playlist_items',
  tags,
  security: tokenSecurity,
  summary: 'Reorder a playlist {playlistId, itemIds: every item id in the new order}',
  request: { body: jsonBody(ZUpdatePlaylistItemsSchema) },
  responses: {
    ...writeBudgetResponses,
    200: json(ZPlaylistItemsResponseSchema, 'The items in their new order'),
    ...errors,
  },
});
const removeItemRoute = createRoute({
  method: 'post',
  path: '/remove_playlist_items',
  tags,
  security: tokenSecurity,
  summary: 'Take an item out of its playlist {id}',
  request: { body: jsonBody(ZIdBodySchema) },
  responses: { ...writeBudgetResponses, 200: ok, ...errors },
});

export function createPlaylistRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  for (const path of [
    '/get_playlist',
    '/get_playlist_detail/*',
    '/create_playlist',
    '/update_playlist',
    '/remove_playlist',
    '/get_playlist_items/*',
    '/create_playlist_item',
    '/update_playlist_items',
    '/remove_playlist_items',
  ]) {
    app.use(path, auth);
  }
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;
  const done = { data: { ok: true as const } };
  return app
    .openapi(listRoute, async (c) => c.json({ data: { items: await services.playlists.list(me(c)) } }, 200))
    .openapi(detailRoute, async (c) =>
      c.json({ data: await services.playlists.get(me(c), c.req.valid('param').id) }, 200),
    )
    .openapi(createPlaylistRoute, async (c) =>
      c.json({ data: await services.playlists.create(me(c), c.req.valid('json')) }, 201),
    )
    .openapi(updatePlaylistRoute, async (c) =>
      c.json({ data: await services.playlists.update(me(c), c.req.valid('json')) }, 200),
    )
    .openapi(removePlaylistRoute, async (c) => {
      await services.playlists.remove(me(c), c.req.valid('json').id);
      return c.json(done, 200);
    })
    .openapi(itemsRoute, async (c) =>
      c.json({ data: { items: await services.playlists.items(me(c), c.req.valid('param').id) } }, 200),
    )
    .openapi(addItemsRoute, async (c) =>
      c.json({ data: { items: await services.playlists.addItems(me(c), c.req.valid('json')) } }, 201),
    )
    .openapi(reorderRoute, async (c) =>
      c.json({ data: { items: await services.playlists.reorder(me(c), c.req.valid('json')) } }, 200),
    )
    .openapi(removeItemRoute, async (c) => {
      await services.playlists.removeItem(me(c), c.req.valid('json').id);
      return c.json(done, 200);
    });
}
