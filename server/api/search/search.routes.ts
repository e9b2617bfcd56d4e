import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  searchUrl,
  ZPopularQueriesResponseSchema,
  ZSearchCollectionInputSchema,
  ZSearchCollectionResponseSchema,
  ZSearchCollectionsResponseSchema,
  ZSearchCollectionUpdateSchema,
  ZSearchRequestSchema,
  ZSearchResponseSchema,
} from '#common/contracts/search.schema.ts';
import { ZSuggestionRequestSchema, ZSuggestionsResponseSchema } from '#common/contracts/suggestion.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { Env } from '#server/env.ts';
import { type ApiEnv, requestMetaOf, requireUser, tokenOf } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, idParam, json, jsonBody, tokenSecurity, writeBudgetResponses } from '../openapi.ts';

const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  404: errorResponse('Absent, or not yours'),
};
const tags = ['Tìm kiếm'];

const searchRoute = createRoute({
  method: 'post',
  path: '/public/search',
  tags,
  summary: 'Search books, talks, transcripts, videos and articles, with or without diacritics',
  description:
    'mode `strict` (default): the words as a phrase; with diacritics they must match, without any the folded form matches. ' +
    'mode `broad`: every word anywhere in a passage, ranked by BM25 with boosts for exact diacritics and nearness. ' +
    '`conditions` (with `conditionType: "AND"`): terms that must also occur in the same item. ' +
    'Results are items (a book, a talk…) with their best passages; `countsByType` counts items per type.',
  request: { body: jsonBody(ZSearchRequestSchema) },
  responses: { 200: json(ZSearchResponseSchema, 'One page of results'), 400: errors[400] },
});

const popularRoute = createRoute({
  method: 'get',
  path: '/public/search/popular',
  tags,
  summary: 'The most searched queries (aggregate counts, nothing about who searched)',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) }) },
  responses: { 200: json(ZPopularQueriesResponseSchema, 'Most searched first'), 400: errors[400] },
});

const suggestionsRoute = createRoute({
  method: 'get',
  path: '/public/search/suggestions',
  tags,
  summary: 'Suggestions while typing: titles of books, talks and articles, and frequent searches',
  description:
    'Matched without diacritics (`kim cang` finds `Kinh Kim Cang`): texts starting with the query first, then a word ' +
    'starting with it, then every word of the query starting a word. At least 2 characters. Answered from an index ' +
    'in memory, made again when content changes.',
  request: { query: ZSuggestionRequestSchema },
  responses: { 200: json(ZSuggestionsResponseSchema, 'Best first, at most `limit`'), 400: errors[400] },
});

const listCollections = createRoute({
  method: 'get',
  path: '/search_collections',
  tags,
  security: tokenSecurity,
  summary: 'My saved searches, newest first',
  responses: { 200: json(ZSearchCollectionsResponseSchema, 'My saved searches'), 401: errors[401] },
});
const createCollection = createRoute({
  method: 'post',
  path: '/search_collections',
  tags,
  security: tokenSecurity,
  summary: 'Save a search (the name defaults to the query)',
  request: { body: jsonBody(ZSearchCollectionInputSchema) },
  responses: {
    ...writeBudgetResponses,
    201: json(ZSearchCollectionResponseSchema, 'The saved search'),
    409: errorResponse('Too many saved searches'),
    ...errors,
  },
});
const updateCollection = createRoute({
  method: 'put',
  path: '/search_collection/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Rename or change a saved search',
  request: { params: idParam, body: jsonBody(ZSearchCollectionUpdateSchema) },
  responses: { ...writeBudgetResponses, 200: json(ZSearchCollectionResponseSchema, 'The saved search'), ...errors },
});
const deleteCollection = createRoute({
  method: 'delete',
  path: '/search_collection/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a saved search',
  request: { params: idParam },
  responses: {
    ...writeBudgetResponses,
    200: json(z.object({ data: z.object({ ok: z.literal(true) }) }), 'Deleted'),
    ...errors,
  },
});

export function createSearchRoutes(services: Services, env: Env) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  for (const path of ['/search_collections', '/search_collection/*']) app.use(path, auth);
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;

  return app
    .openapi(searchRoute, async (c) => {
      const user = await services.auth.authenticate(tokenOf(c));
      const client = { userId: user?.id ?? null, ip: requestMetaOf(c, env).ip };
      return c.json({ data: await services.search.search(c.req.valid('json'), client) }, 200);
    })
    .openapi(popularRoute, async (c) => {
      const rows = await services.search.popularQueries(c.req.valid('query').limit);
      const items = rows.map((r) => ({ query: r.query, count: r.count, url: searchUrl({ query: r.query }) }));
      return c.json({ data: { items } }, 200);
    })
    .openapi(suggestionsRoute, async (c) =>
      c.json({ data: await services.searchSuggestions.suggest(c.req.valid('query')) }, 200),
    )
    .openapi(listCollections, async (c) =>
      c.json({ data: { items: await services.searchCollections.list(me(c)) } }, 200),
    )
    .openapi(createCollection, async (c) =>
      c.json({ data: await services.searchCollections.create(me(c), c.req.valid('json')) }, 201),
    )
    .openapi(updateCollection, async (c) =>
      c.json(
        { data: await services.searchCollections.update(me(c), c.req.valid('param').id, c.req.valid('json')) },
        200,
      ),
    )
    .openapi(deleteCollection, async (c) => {
      await services.searchCollections.remove(me(c), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    });
}
