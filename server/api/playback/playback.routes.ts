import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZPlaybackCodeSchema,
  ZPlaybackResponseSchema,
  ZSetPlaybackRequestSchema,
} from '#common/contracts/playback.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, tokenSecurity } from '../openapi.ts';

const tags = ['Nghe'];

const getPlayback = createRoute({
  method: 'get',
  path: '/playback',
  tags,
  security: tokenSecurity,
  summary: 'My playback record: {books: [{code, currentTime}]}',
  responses: { 200: json(ZPlaybackResponseSchema, 'The record'), 401: errorResponse('Not logged in') },
});

const setPlayback = createRoute({
  method: 'put',
  path: '/playback/{code}',
  tags,
  security: tokenSecurity,
  summary: 'Set the current time (seconds) for a code: updates its entry or adds one',
  request: {
    params: z.object({ code: ZPlaybackCodeSchema }),
    body: { required: true, content: { 'application/json': { schema: ZSetPlaybackRequestSchema } } },
  },
  responses: {
    200: json(ZPlaybackResponseSchema, 'The record'),
    400: errorResponse('Bad input'),
    401: errorResponse('Not logged in'),
  },
});

export function createPlaybackRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  app.use('/playback', auth);
  app.use('/playback/*', auth);
  return app
    .openapi(getPlayback, async (c) => c.json({ data: { books: await services.playback.list(c.get('user').id) } }, 200))
    .openapi(setPlayback, async (c) => {
      const books = await services.playback.setCurrentTime(
        c.get('user').id,
        c.req.valid('param').code,
        c.req.valid('json').currentTime,
      );
      return c.json({ data: { books } }, 200);
    });
}
