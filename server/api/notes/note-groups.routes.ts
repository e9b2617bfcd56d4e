import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZCreateNoteGroupRequestSchema,
  ZModerationEventSchema,
  ZNoteGroupSchema,
  ZNoteGroupsWithNotesPageSchema,
  ZNoteGroupsWithNotesQuerySchema,
  ZNoteGroupWithNotesSchema,
  ZPublicNoteGroupDetailSchema,
  ZPublicNoteGroupRequestSchema,
  ZPublicNoteGroupsPageSchema,
  ZPublicNoteGroupsRequestSchema,
  ZUpdateNoteGroupRequestSchema,
} from '#common/contracts/note-group.schema.ts';
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
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  404: errorResponse('Absent, or not yours'),
};
/** Public list calls take an optional body: none means the defaults. */
const optionalBody = <T extends z.ZodType>(schema: T) => ({
  required: false,
  content: { 'application/json': { schema } },
});
const tags = ['Nhóm ghi chú'];

const listGroups = createRoute({
  method: 'get',
  path: '/note_groups',
  tags,
  security: tokenSecurity,
  summary: 'My note groups, the most recently changed first',
  responses: { 200: json(z.object({ data: z.array(ZNoteGroupSchema) }), 'My groups'), 401: errors[401] },
});
const createGroup = createRoute({
  method: 'post',
  path: '/note_groups',
  tags,
  security: tokenSecurity,
  summary: 'Make a note group',
  request: { body: jsonBody(ZCreateNoteGroupRequestSchema) },
  responses: { ...writeBudgetResponses, 201: json(z.object({ data: ZNoteGroupSchema }), 'The new group'), ...errors },
});
const getGroup = createRoute({
  method: 'get',
  path: '/note_group/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One of my groups, with its moderation state',
  request: { params: idParam },
  responses: { 200: json(z.object({ data: ZNoteGroupSchema }), 'The group'), ...errors },
});
const updateGroup = createRoute({
  method: 'put',
  path: '/note_group/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Rename, describe, publish (isPublic: true → moderation queue) or withdraw a group',
  request: { params: idParam, body: jsonBody(ZUpdateNoteGroupRequestSchema) },
  responses: { ...writeBudgetResponses, 200: json(z.object({ data: ZNoteGroupSchema }), 'The group'), ...errors },
});
const deleteGroup = createRoute({
  method: 'delete',
  path: '/note_group/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a group (its notes stay, in no group)',
  request: { params: idParam },
  responses: { ...writeBudgetResponses, 200: json(ZOkResponseSchema, 'Deleted'), ...errors },
});
const groupHistory = createRoute({
  method: 'get',
  path: '/note_group/{id}/history',
  tags,
  security: tokenSecurity,
  summary: 'The moderation history of my group (submitted, approved, rejected with the reason…)',
  request: { params: idParam },
  responses: { 200: json(z.object({ data: z.array(ZModerationEventSchema) }), 'The history'), ...errors },
});
const groupPdf = createRoute({
  method: 'get',
  path: '/note_group/{id}/pdf',
  tags,
  security: tokenSecurity,
  summary: 'My group as a PDF (Vietnamese text, highlight colours, links to the sources)',
  request: { params: idParam },
  responses: {
    200: {
      description: 'A PDF file',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errors,
  },
});
const groupWithNotes = createRoute({
  method: 'get',
  path: '/note_group_with_notes',
  tags,
  security: tokenSecurity,
  summary:
    'With id: one of my groups with a page of its notes (sort a-z by default, z-a, newest, oldest, custom). ' +
    'Without: a page of my groups, each with its notes (sort orders the groups; keywordSearch keeps the groups or notes that match)',
  request: { query: ZNoteGroupsWithNotesQuerySchema },
  responses: {
    200: json(
      z.object({ data: z.union([ZNoteGroupWithNotesSchema, ZNoteGroupsWithNotesPageSchema]) }),
      'With id: the group and a page of its notes. Without: a page of groups with their notes',
    ),
    ...errors,
  },
});
const publicGroup = createRoute({
  method: 'post',
  path: '/public/note_group',
  tags,
  summary: 'An approved public group with its notes',
  request: { body: jsonBody(ZPublicNoteGroupRequestSchema) },
  responses: {
    200: json(z.object({ data: ZPublicNoteGroupDetailSchema }), 'The group'),
    400: errors[400],
    404: errors[404],
  },
});
const publicGroups = createRoute({
  method: 'post',
  path: '/public/note_groups',
  tags,
  summary: 'Approved public groups, the most recently approved first (page 1, perPage 10 by default)',
  request: { body: optionalBody(ZPublicNoteGroupsRequestSchema.optional()) },
  responses: { 200: json(z.object({ data: ZPublicNoteGroupsPageSchema }), 'One page'), 400: errors[400] },
});
const featuredGroups = createRoute({
  method: 'post',
  path: '/public/featured_note_groups',
  tags,
  summary: 'Groups moderators featured, the most recently featured first',
  request: { body: optionalBody(ZPublicNoteGroupsRequestSchema.optional()) },
  responses: { 200: json(z.object({ data: ZPublicNoteGroupsPageSchema }), 'One page'), 400: errors[400] },
});

export function createNoteGroupRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const auth = requireUser(services);
  for (const path of ['/note_groups', '/note_group/*', '/note_group_with_notes']) app.use(path, auth);
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;
  // The body is optional (validated when sent): none means the defaults.
  const pageOf = (body: unknown) => ZPublicNoteGroupsRequestSchema.parse(body ?? {});

  return app
    .openapi(listGroups, async (c) => c.json({ data: await services.noteGroups.list(me(c)) }, 200))
    .openapi(createGroup, async (c) =>
      c.json({ data: await services.noteGroups.create(me(c), c.req.valid('json')) }, 201),
    )
    .openapi(getGroup, async (c) =>
      c.json({ data: await services.noteGroups.get(me(c), c.req.valid('param').id) }, 200),
    )
    .openapi(updateGroup, async (c) =>
      c.json({ data: await services.noteGroups.update(me(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteGroup, async (c) => {
      await services.noteGroups.remove(me(c), c.req.valid('param').id);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(groupHistory, async (c) =>
      c.json({ data: await services.noteGroups.history(me(c), c.req.valid('param').id) }, 200),
    )
    .openapi(groupPdf, async (c) => {
      const origin = services.site.originFor(c.req.url);
      const pdf = await services.noteGroups.exportPdf(me(c), c.req.valid('param').id, origin);
      return c.body(new Uint8Array(pdf.bytes), 200, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.bytes.length),
        'content-disposition': `attachment; filename="${pdf.fileName}"`,
        // A private document: never kept by a shared cache.
        'cache-control': 'private, no-store',
      });
    })
    .openapi(groupWithNotes, async (c) => {
      const { id, ...query } = c.req.valid('query');
      return c.json(
        {
          data:
            id === undefined
              ? await services.noteGroups.listWithNotes(me(c), query)
              : await services.noteGroups.withNotes(me(c), { ...query, id }),
        },
        200,
      );
    })
    .openapi(publicGroup, async (c) =>
      c.json({ data: await services.noteGroups.getPublic(c.req.valid('json').id) }, 200),
    )
    .openapi(publicGroups, async (c) => {
      const { page, perPage } = pageOf(c.req.valid('json'));
      return c.json({ data: await services.noteGroups.listPublic(page, perPage) }, 200);
    })
    .openapi(featuredGroups, async (c) => {
      const { page, perPage } = pageOf(c.req.valid('json'));
      return c.json({ data: await services.noteGroups.listPublic(page, perPage, true) }, 200);
    });
}
