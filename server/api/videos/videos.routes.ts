import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZVideoResponseSchema,
  ZVideoSlugQuerySchema,
  ZVideosQuerySchema,
  ZVideosResponseSchema,
} from '#common/contracts/video.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json } from '../openapi.ts';

const tags = ['Video'];

const listRoute = createRoute({
  method: 'get',
  path: '/public/videos',
  tags,
  summary: 'Published videos, newest first (page 1 and per_page 12 by default; keyword with or without diacritics)',
  request: { query: ZVideosQuerySchema },
  responses: {
    200: json(ZVideosResponseSchema, 'One page of videos'),
    400: errorResponse('Bad input'),
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/public/video',
  tags,
  summary: 'One published video by its slug',
  request: { query: ZVideoSlugQuerySchema },
  responses: {
    200: json(ZVideoResponseSchema, 'The video'),
    400: errorResponse('Bad input'),
    404: errorResponse('No such published video'),
  },
});

export function createVideoRoutes(services: Services) {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => c.json({ data: await services.videos.list(c.req.valid('query')) }, 200))
    .openapi(detailRoute, async (c) =>
      c.json({ data: await services.videos.getBySlug(c.req.valid('query').slug) }, 200),
    );
}
