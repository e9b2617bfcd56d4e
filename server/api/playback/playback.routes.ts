import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import {
  ZPlaybackCodeSchema,
  ZPlaybackResponseSchema,
  ZSetPlaybackRequestSchema,
} from '#common/contracts/playback.schema.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const tags = ['Nghe'];
const security = [{ token: [] }];

const getPlayback = createRoute({
  method: 'get',
  path: '/playback',
  tags,
  security,
  summary: 'My playback record: {books: [{code, currentTime}]}',
  responses: { 200: json(ZPlaybackResponseSchema, 'The record'), 401: json(ZErrorResponseSchema, 'Not logged in') },
});

const setPlayback = createRoute({
  method: 'put',
  path: '/playback/{code}',
  tags,
  security,
  summary: 'Set the current time (seconds) for a code: updates its entry or adds one',
  request: {
    params: z.object({ code: ZPlaybackCodeSchema }),
    body: { required: true, content: { 'application/json': { schema: ZSetPlaybackRequestSchema } } },
  },
  responses: {
    200: json(ZPlaybackResponseSchema, 'The record'),
    400: json(ZErrorResponseSchema, 'Bad input'),
    401: json(ZErrorResponseSchema, 'Not logged in'),
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
