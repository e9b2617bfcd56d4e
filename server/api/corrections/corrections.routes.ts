import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZCorrectionDecisionRequestSchema,
  ZCorrectionListQuerySchema,
  ZCorrectionPageSchema,
  ZCorrectionSchema,
  ZCreateCorrectionRequestSchema,
} from '#common/contracts/correction.schema.ts';
import { requireModerator } from '#server/policies/require.policy.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import {
  errorResponse,
  idParam,
  json,
  jsonBody,
  tokenSecurity,
  ZOkResponseSchema,
  writeBudgetResponses,
} from '../openapi.ts';

const errors = {
  400: errorResponse('Bad input, unchanged text, or the correction is already decided'),
  401: errorResponse('Not logged in'),
  404: errorResponse('No such paragraph, line or correction (or not yours)'),
};
const tags = ['Đề xuất sửa'];

const create = createRoute({
  method: 'post',
  path: '/corrections',
  tags,
  security: tokenSecurity,
  summary:
    'Propose the corrected text of a paragraph ({chapterCode, anchor: "p-N"}) or a transcript line ({talkId, line}); it waits for a moderator',
  request: { body: jsonBody(ZCreateCorrectionRequestSchema) },
  responses: {
    ...writeBudgetResponses,
    201: json(z.object({ data: ZCorrectionSchema }), 'The correction, waiting'),
    ...errors,
    429: errorResponse('Too many corrections waiting, or writing too fast'),
  },
});
const listMine = createRoute({
  method: 'get',
  path: '/corrections',
  tags,
  security: tokenSecurity,
  summary: 'My corrections, newest first, with their state and the moderator’s reason',
  request: { query: ZCorrectionListQuerySchema },
  responses: { 200: json(z.object({ data: ZCorrectionPageSchema }), 'One page'), 400: errors[400], 401: errors[401] },
});
const getMine = createRoute({
  method: 'get',
  path: '/correction/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One of my corrections',
  request: { params: idParam },
  responses: { 200: json(z.object({ data: ZCorrectionSchema }), 'The correction'), ...errors },
});
const withdraw = createRoute({
  method: 'delete',
  path: '/correction/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Withdraw one of my corrections while it waits',
  request: { params: idParam },
  responses: {
    ...writeBudgetResponses,
    200: json(ZOkResponseSchema, 'Withdrawn'),
    ...errors,
  },
});
const queue = createRoute({
  method: 'get',
  path: '/moderation/corrections',
  tags,
  security: tokenSecurity,
  summary: 'Corrections waiting for a moderator, the longest waiting first, each with its word diff',
  request: { query: ZCorrectionListQuerySchema },
  responses: {
    200: json(z.object({ data: ZCorrectionPageSchema }), 'The queue'),
    ...errors,
    403: errorResponse('Not a moderator or admin'),
  },
});
const decide = createRoute({
  method: 'post',
  path: '/moderation/correction/{id}',
  tags,
  security: tokenSecurity,
  summary:
    'Accept (the paragraph or line changes with its search passages, the reader is credited; a paragraph keeps its formatting around unchanged words, a Markdown-written chapter is changed in its Markdown) or refuse with a reason; both are written to the audit log',
  request: { params: idParam, body: jsonBody(ZCorrectionDecisionRequestSchema) },
  responses: {
    200: json(z.object({ data: ZCorrectionSchema }), 'The correction after the decision'),
    ...errors,
    403: errorResponse('Not a moderator or admin'),
    409: errorResponse(
      'The text changed since the reader proposed the correction, or the change cannot be made faithfully to the paragraph (in its Markdown, or keeping its formatting): the moderator edits the chapter instead',
    ),
  },
});

/** Readers' corrections and their moderation (decision 0031). */
export function createCorrectionRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  for (const path of ['/corrections', '/correction/*', '/moderation/corrections', '/moderation/correction/*']) {
    app.use(path, auth);
  }
  // The role before the input: a reader is told 403 whatever they send.
  for (const path of ['/moderation/corrections', '/moderation/correction/*']) {
    app.use(path, async (c, next) => {
      requireModerator(c.get('user'));
      await next();
    });
  }
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;
  return app
    .openapi(create, async (c) => c.json({ data: await services.corrections.create(me(c), c.req.valid('json')) }, 201))
    .openapi(listMine, async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ data: await services.corrections.listMine(me(c), page, perPage) }, 200);
    })
    .openapi(getMine, async (c) =>
      c.json({ data: await services.corrections.getMine(me(c), c.req.valid('param').id) }, 200),
    )
    .openapi(withdraw, async (c) => {
      await services.corrections.withdraw(me(c), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(queue, async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ data: await services.corrections.queue(c.get('user'), page, perPage) }, 200);
    })
    .openapi(decide, async (c) =>
      c.json(
        {
          data: await services.corrections.decide(c.get('user'), c.req.valid('param').id, c.req.valid('json')),
        },
        200,
      ),
    );
}
