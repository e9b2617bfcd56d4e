import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZDictionariesResponseSchema,
  ZDictionaryImportSchema,
  ZDictionaryResponseSchema,
  ZLookupRequestSchema,
  ZLookupResponseSchema,
} from '#common/contracts/dictionary.schema.ts';
import { ZTermLookupRequestSchema, ZTermLookupResponseSchema } from '#common/contracts/term-lookup.schema.ts';
import type { Services } from '#server/services/index.ts';
import { requireAdminUser } from '../admin/admin-guard.ts';
import type { Env } from '#server/env.ts';
import { type ApiEnv, requestMetaOf } from '../context.ts';
import {
  countersUnavailable,
  errorResponse,
  idParam,
  json,
  jsonBody,
  tokenSecurity,
  ZOkResponseSchema,
} from '../openapi.ts';
import { validationHook } from '../validation.ts';

const tags = ['Từ điển'];
const adminErrors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
};

const lookupRoute = createRoute({
  method: 'get',
  path: '/public/dictionary/lookup',
  tags,
  summary: 'Look up a Chinese character or term of a chapter: readings, meanings, passages',
  description:
    '`text` is the tapped character with its neighbours (at most 16 Chinese characters), `at` its place in `text` ' +
    '(from 0), `readings` the Hán-Việt syllables the chapter gives them, one per character. The term is the longest ' +
    'headword of the imported dictionaries that covers the tapped character, else the character. Readings: Unihan ' +
    '`kVietnamese` (Unicode licence); meanings: the imported dictionaries, each with its licence; passages: the ' +
    "library's books with the term's reading.",
  request: { query: ZLookupRequestSchema },
  responses: {
    200: json(ZLookupResponseSchema, 'What is known of the term'),
    400: errorResponse('Bad input'),
    429: errorResponse('Too many look-ups from this address (each runs a search): wait a minute'),
    503: countersUnavailable,
  },
});

const termRoute = createRoute({
  method: 'get',
  path: '/public/dictionary/term',
  tags,
  summary: 'Look up a Vietnamese term of a chapter by its Hán-Việt reading: entries, characters, passages',
  description:
    '`term` is a word or short phrase as selected (1–6 words of Latin letters, a transliteration joined by hyphens ' +
    'counting as one; ' +
    'at most 60 characters; spaces and punctuation around it are trimmed). It is folded as search folds a query: ' +
    'with diacritics (NFC or NFD, either tone placement) the reading must carry the same ones, without any its ' +
    'letters alone match. Returns the imported entries read so, each with its licence; for one syllable, the ' +
    "Chinese characters Unihan `kVietnamese` reads so; the library's book passages with the term as a phrase, and " +
    'the search page for all of them.',
  request: { query: ZTermLookupRequestSchema },
  responses: {
    200: json(ZTermLookupResponseSchema, 'What the library knows of the term'),
    400: errorResponse('Bad input'),
    429: errorResponse('Too many look-ups from this address (each runs a search): wait a minute'),
    503: countersUnavailable,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/admin/dictionaries',
  tags,
  security: tokenSecurity,
  summary: 'The imported dictionaries, with their licences and entry counts',
  responses: { 200: json(ZDictionariesResponseSchema, 'The dictionaries'), ...adminErrors },
});

const importRoute = createRoute({
  method: 'post',
  path: '/admin/dictionaries',
  tags,
  security: tokenSecurity,
  // A dictionary of a few megabytes travels in one JSON body (the service bounds it at 4 MB of text).
  'x-body-limit': 'form',
  summary: 'Import a dictionary (TSV or JSON, docs/dictionary-format.md); one of the same name is replaced',
  description:
    'All or nothing: any invalid line refuses the whole file with a Vietnamese message naming the line ' +
    '(`fields.content` lists up to five). At most 4 MB of text and 100,000 entries.',
  request: { body: jsonBody(ZDictionaryImportSchema) },
  responses: {
    201: json(ZDictionaryResponseSchema, 'The dictionary as imported'),
    ...adminErrors,
    413: errorResponse('Body too large'),
  },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/admin/dictionary/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Remove an imported dictionary and its entries',
  request: { params: idParam },
  responses: { 200: json(ZOkResponseSchema, 'Removed'), ...adminErrors, 404: errorResponse('No such dictionary') },
});

/** The look-up (anyone) and the dictionaries' administration (admins only). */
export function createDictionaryRoutes(services: Services, env: Env) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  for (const path of ['/admin/dictionaries', '/admin/dictionary/*']) app.use(path, requireAdminUser(services));
  return app
    .openapi(lookupRoute, async (c) =>
      c.json({ data: await services.dictionary.lookup(c.req.valid('query'), { ip: requestMetaOf(c, env).ip }) }, 200),
    )
    .openapi(termRoute, async (c) =>
      c.json(
        { data: await services.dictionary.lookupTerm(c.req.valid('query'), { ip: requestMetaOf(c, env).ip }) },
        200,
      ),
    )
    .openapi(listRoute, async (c) => c.json({ data: { items: await services.dictionary.list(c.get('user')) } }, 200))
    .openapi(importRoute, async (c) =>
      c.json({ data: await services.dictionary.import(c.get('user'), c.req.valid('json')) }, 201),
    )
    .openapi(removeRoute, async (c) => {
      await services.dictionary.remove(c.get('user'), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    });
}
