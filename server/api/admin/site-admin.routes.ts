import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZFooterQuotesResponseSchema,
  ZFooterQuotesUpdateSchema,
  ZHomeKeywordsResponseSchema,
  ZHomeKeywordsUpdateSchema,
} from '#common/contracts/site-admin.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, jsonBody, tokenSecurity } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';

const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
};
const tags = ['Quản trị'];

const getKeywords = createRoute({
  method: 'get',
  path: '/admin/home_keywords',
  tags,
  security: tokenSecurity,
  summary: 'The 70 home-page search suggestions, in their order',
  responses: { 200: json(ZHomeKeywordsResponseSchema, 'The suggestions'), ...errors },
});
const putKeywords = createRoute({
  method: 'put',
  path: '/admin/home_keywords',
  tags,
  security: tokenSecurity,
  summary: 'Replace the 70 suggestions ({keyword} or {keywords: [main, extra…]}; exactly 70, no duplicates)',
  request: { body: jsonBody(ZHomeKeywordsUpdateSchema) },
  responses: { 200: json(ZHomeKeywordsResponseSchema, 'The suggestions now'), ...errors },
});
const getQuotes = createRoute({
  method: 'get',
  path: '/admin/footer_quotes',
  tags,
  security: tokenSecurity,
  summary: 'The 7 teaching quotes of the footer',
  responses: { 200: json(ZFooterQuotesResponseSchema, 'The quotes'), ...errors },
});
const putQuotes = createRoute({
  method: 'put',
  path: '/admin/footer_quotes',
  tags,
  security: tokenSecurity,
  summary: 'Replace the 7 footer quotes (text, original, source, translator)',
  request: { body: jsonBody(ZFooterQuotesUpdateSchema) },
  responses: { 200: json(ZFooterQuotesResponseSchema, 'The quotes now'), ...errors },
});

/** The site's fixed lists (admins only). */
export function createSiteAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  for (const path of ['/admin/home_keywords', '/admin/footer_quotes']) app.use(path, requireAdminUser(services));
  return app
    .openapi(getKeywords, async (c) => c.json({ data: await services.siteAdmin.listKeywords(c.get('user')) }, 200))
    .openapi(putKeywords, async (c) =>
      c.json({ data: await services.siteAdmin.replaceKeywords(c.get('user'), c.req.valid('json')) }, 200),
    )
    .openapi(getQuotes, async (c) => c.json({ data: await services.siteAdmin.listFooterQuotes(c.get('user')) }, 200))
    .openapi(putQuotes, async (c) =>
      c.json({ data: await services.siteAdmin.replaceFooterQuotes(c.get('user'), c.req.valid('json')) }, 200),
    );
}
