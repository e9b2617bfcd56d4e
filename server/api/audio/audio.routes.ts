import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZAudioCollectionResponseSchema,
  ZAudioCollectionsQuerySchema,
  ZAudioCollectionsResponseSchema,
  ZClipQuerySchema,
} from '#common/contracts/audio.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json } from '../openapi.ts';

const tags = ['Pháp âm'];

const listRoute = createRoute({
  method: 'get',
  path: '/public/audio_collections',
  tags,
  summary: 'Collections of talks, in their order (page and per_page default to 1 and 10)',
  request: { query: ZAudioCollectionsQuerySchema },
  responses: {
    200: json(ZAudioCollectionsResponseSchema, 'One page of collections'),
    400: errorResponse('Bad input'),
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/public/audio_collection/{id}',
  tags,
  summary: 'A collection with its talks (fileName, duration in seconds, transcript)',
  request: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
  responses: {
    200: json(ZAudioCollectionResponseSchema, 'The collection and its talks'),
    400: errorResponse('Bad input'),
    404: errorResponse('No such published collection'),
  },
});

const clipRoute = createRoute({
  method: 'get',
  path: '/public/audio/split/',
  tags,
  summary: 'The audio of a talk between start and end (seconds), cut at MP3 frame boundaries without re-encoding',
  description: "fileName must be a published talk's file; start < end ≤ the talk's length; at most 10 minutes.",
  request: { query: ZClipQuerySchema },
  responses: {
    200: {
      description: 'An MP3 file',
      content: { 'audio/mpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: errorResponse('Bad input (unknown file, bounds)'),
  },
});

export function createAudioRoutes(services: Services) {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { page, per_page } = c.req.valid('query');
      return c.json({ data: await services.audio.listCollections(page, per_page) }, 200);
    })
    .openapi(detailRoute, async (c) =>
      c.json({ data: await services.audio.getCollection(c.req.valid('param').id) }, 200),
    )
    .openapi(clipRoute, async (c) => {
      const clip = await services.audio.clip(c.req.valid('query'));
      return c.body(clip.bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'audio/mpeg',
        'content-length': String(clip.bytes.length),
        'content-disposition': `inline; filename="${clip.fileName}"`,
        // A clip of a published talk changes only if the talk's file does.
        'cache-control': 'public, max-age=86400',
      });
    });
}
