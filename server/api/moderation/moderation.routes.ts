import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZFeatureRequestSchema,
  ZModerationDecisionRequestSchema,
  ZModerationQueueQuerySchema,
  ZModerationQueueSchema,
  ZPublicNoteGroupSchema,
} from '#common/contracts/note-group.schema.ts';
import type { Services } from '#server/services/index.ts';
import { requireModerator } from '#server/policies/require.policy.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, idParam, json, tokenSecurity } from '../openapi.ts';

const errors = {
  400: errorResponse('Bad input, or the group is not in that state'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not a moderator or admin'),
  404: errorResponse('No such group'),
};
const tags = ['Kiểm duyệt'];

const queue = createRoute({
  method: 'get',
  path: '/moderation/queue',
  tags,
  security: tokenSecurity,
  summary: 'Note groups waiting for moderation, the longest waiting first, with their notes and history',
  request: { query: ZModerationQueueQuerySchema },
  responses: { 200: json(z.object({ data: ZModerationQueueSchema }), 'The queue'), ...errors },
});
const decide = createRoute({
  method: 'post',
  path: '/moderation/note_group/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Approve or reject a pending group (a reason is required to reject); the decision is recorded',
  request: {
    params: idParam,
    body: { required: true, content: { 'application/json': { schema: ZModerationDecisionRequestSchema } } },
  },
  responses: { 200: json(z.object({ data: ZPublicNoteGroupSchema }), 'The group after the decision'), ...errors },
});
const feature = createRoute({
  method: 'post',
  path: '/moderation/note_group/{id}/feature',
  tags,
  security: tokenSecurity,
  summary: 'Feature an approved group on the quotes page ({featured: false} stops featuring it)',
  request: {
    params: idParam,
    body: { required: false, content: { 'application/json': { schema: ZFeatureRequestSchema.optional() } } },
  },
  responses: { 200: json(z.object({ data: ZPublicNoteGroupSchema }), 'The group'), ...errors },
});

/** Moderation of published note groups: moderators and admins only (others get 403). */
export function createModerationRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use('/moderation/*', requireUser(services));
  // The role before the input: a reader is told 403 whatever they send.
  app.use('/moderation/*', async (c, next) => {
    requireModerator(c.get('user'));
    await next();
  });
  return app
    .openapi(queue, async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ data: await services.noteGroups.queue(c.get('user'), page, perPage) }, 200);
    })
    .openapi(decide, async (c) =>
      c.json(
        { data: await services.noteGroups.decide(c.get('user'), c.req.valid('param').id, c.req.valid('json')) },
        200,
      ),
    )
    .openapi(feature, async (c) => {
      // The body is optional (validated when sent): none means "feature it".
      const { featured } = ZFeatureRequestSchema.parse(c.req.valid('json') ?? {});
      return c.json({ data: await services.noteGroups.feature(c.get('user'), c.req.valid('param').id, featured) }, 200);
    });
}
