import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZCompilationAdminSchema, ZCompilationInputSchema } from '#common/contracts/compilation.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, idParam, json, jsonBody, tokenSecurity } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';

const errors = {
  400: errorResponse('Bad input (an item that does not exist…)'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
  404: errorResponse('No such compilation'),
};
const tags = ['Quản trị'];
const ZOne = z.object({ data: ZCompilationAdminSchema });

const list = createRoute({
  method: 'get',
  path: '/admin/compilations',
  tags,
  security: tokenSecurity,
  summary: 'Every compilation in any state, with its items in order',
  responses: { 200: json(z.object({ data: z.array(ZCompilationAdminSchema) }), 'The compilations'), ...errors },
});
const create = createRoute({
  method: 'post',
  path: '/admin/compilations',
  tags,
  security: tokenSecurity,
  summary: 'Make a compilation: title, introduction, state and its items (book, talk, video, article) in order',
  request: { body: jsonBody(ZCompilationInputSchema) },
  responses: { 201: json(ZOne, 'The compilation'), ...errors },
});
const get = createRoute({
  method: 'get',
  path: '/admin/compilation/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One compilation',
  request: { params: idParam },
  responses: { 200: json(ZOne, 'The compilation'), ...errors },
});
const update = createRoute({
  method: 'put',
  path: '/admin/compilation/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Rewrite a compilation (its items replaced by those given, in their order)',
  request: { params: idParam, body: jsonBody(ZCompilationInputSchema) },
  responses: { 200: json(ZOne, 'The compilation'), ...errors },
});
const remove = createRoute({
  method: 'delete',
  path: '/admin/compilation/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a compilation (its items stay where they are)',
  request: { params: idParam },
  responses: { 200: json(z.object({ data: z.object({ ok: z.literal(true) }) }), 'Deleted'), ...errors },
});

export function createCompilationAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  for (const path of ['/admin/compilations', '/admin/compilation/*']) app.use(path, requireAdminUser(services));
  const admin = services.compilationAdmin;
  return app
    .openapi(list, async (c) => c.json({ data: await admin.list(c.get('user')) }, 200))
    .openapi(create, async (c) => c.json({ data: await admin.create(c.get('user'), c.req.valid('json')) }, 201))
    .openapi(get, async (c) => c.json({ data: await admin.get(c.get('user'), c.req.valid('param').id) }, 200))
    .openapi(update, async (c) =>
      c.json({ data: await admin.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(remove, async (c) => {
      await admin.remove(c.get('user'), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    });
}
