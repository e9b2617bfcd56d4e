import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZCompilationResponseSchema,
  ZCompilationsQuerySchema,
  ZCompilationsResponseSchema,
} from '#common/contracts/compilation.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json } from '../openapi.ts';

const tags = ['Tổng hợp'];

const listRoute = createRoute({
  method: 'get',
  path: '/public/compilations',
  tags,
  summary: 'Published compilations in their order (page and per_page default to 1 and 10)',
  request: { query: ZCompilationsQuerySchema },
  responses: {
    200: json(ZCompilationsResponseSchema, 'One page of compilations'),
    400: errorResponse('Bad input'),
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/public/compilation/{id}',
  tags,
  summary: 'A compilation with its published items (books, talks, videos, articles) in order, each with its url',
  request: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
  responses: {
    200: json(ZCompilationResponseSchema, 'The compilation and its items'),
    400: errorResponse('Bad input'),
    404: errorResponse('No such published compilation'),
  },
});

export function createCompilationRoutes(services: Services) {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { page, per_page } = c.req.valid('query');
      return c.json({ data: await services.compilations.listCompilations(page, per_page) }, 200);
    })
    .openapi(detailRoute, async (c) =>
      c.json({ data: await services.compilations.getCompilation(c.req.valid('param').id) }, 200),
    );
}
