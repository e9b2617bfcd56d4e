import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZAdminCollectionResponseSchema,
  ZAdminCollectionsResponseSchema,
  ZAdminTalkResponseSchema,
  ZCollectionInputSchema,
  ZCollectionUpdateSchema,
  ZDeletedResponseSchema,
  ZIdParamSchema,
  ZOrderInputSchema,
  ZTalkUpdateSchema,
} from '#common/contracts/talk-admin.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, jsonBody, tokenSecurity } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';
import { uploadFormOf } from '#server/http/streamed-form.ts';

const tags = ['Quản trị pháp âm'];
const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
  404: errorResponse('No such collection or talk'),
};
const tooLarge = { 413: errorResponse('Larger than UPLOAD_MAX_MB') };
const params = ZIdParamSchema;
const collectionResponse = json(ZAdminCollectionResponseSchema, 'The collection with its talks in every state');
const talkResponse = json(ZAdminTalkResponseSchema, 'The talk');

const listCollections = createRoute({
  method: 'get',
  path: '/admin/collections',
  tags,
  security: tokenSecurity,
  summary: 'Every collection in any state, in order, each with its talks in any state',
  responses: { 200: json(ZAdminCollectionsResponseSchema, 'The collections'), ...errors },
});

const createCollection = createRoute({
  method: 'post',
  path: '/admin/collections',
  tags,
  security: tokenSecurity,
  summary: 'Create a collection (a draft unless status is "published"), placed last',
  request: { body: jsonBody(ZCollectionInputSchema) },
  responses: { 201: collectionResponse, ...errors },
});

const orderCollections = createRoute({
  method: 'put',
  path: '/admin/collections/order',
  tags,
  security: tokenSecurity,
  summary: 'Put the collections in a new order (every id, once)',
  request: { body: jsonBody(ZOrderInputSchema) },
  responses: { 200: json(ZAdminCollectionsResponseSchema, 'The collections in their new order'), ...errors },
});

const getCollection = createRoute({
  method: 'get',
  path: '/admin/collection/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One collection in any state, with its talks',
  request: { params },
  responses: { 200: collectionResponse, ...errors },
});

const updateCollection = createRoute({
  method: 'put',
  path: '/admin/collection/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Edit a collection; status publishes or unpublishes it (and its talks with it, for readers and search)',
  request: { params, body: jsonBody(ZCollectionUpdateSchema) },
  responses: { 200: collectionResponse, ...errors },
});

const orderTalks = createRoute({
  method: 'put',
  path: '/admin/collection/{id}/order',
  tags,
  security: tokenSecurity,
  summary: 'Put the talks of a collection in a new order (every id, once)',
  request: { params, body: jsonBody(ZOrderInputSchema) },
  responses: { 200: collectionResponse, ...errors },
});

const uploadTalk = createRoute({
  method: 'post',
  path: '/admin/talks',
  [BODY_LIMIT_FIELD]: 'streamed', // read as it streams (MP3/MP4 up to UPLOAD_MAX_MB)
  tags,
  security: tokenSecurity,
  summary: 'Upload a talk: an MP3 streamed to storage (UPLOAD_MAX_MB), with an optional WebVTT or SRT transcript',
  description:
    'A multipart/form-data body, read as it streams (not by a schema here): `file` (the MP3; every frame is checked, the duration and tags are read from it), optional `transcript` (.vtt or .srt, UTF-8; SRT is stored as WebVTT), `collectionId`, optional `title`, `speaker` (default: the file’s tags), `description`, `status` ("draft" by default, or "published").',
  responses: { 201: talkResponse, ...errors, ...tooLarge },
});

const getTalk = createRoute({
  method: 'get',
  path: '/admin/talk/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One talk in any state',
  request: { params },
  responses: { 200: talkResponse, ...errors },
});

const updateTalk = createRoute({
  method: 'put',
  path: '/admin/talk/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Edit a talk: title, speaker, description; collectionId moves it (to the end); status publishes it',
  request: { params, body: jsonBody(ZTalkUpdateSchema) },
  responses: { 200: talkResponse, ...errors },
});

const deleteTalk = createRoute({
  method: 'delete',
  path: '/admin/talk/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a talk, its search passages and its files',
  request: { params },
  responses: { 200: json(ZDeletedResponseSchema, 'Deleted'), ...errors },
});

const replaceTranscript = createRoute({
  method: 'put',
  path: '/admin/talk/{id}/transcript',
  [BODY_LIMIT_FIELD]: 'streamed', // read as it streams (MP3/MP4 up to UPLOAD_MAX_MB)
  tags,
  security: tokenSecurity,
  summary: 'Upload or replace a talk’s transcript (multipart `transcript`: .vtt or .srt; SRT is stored as WebVTT)',
  request: { params },
  responses: { 200: talkResponse, ...errors, ...tooLarge },
});

/** The administration of talks and their collections (admins only). */
export function createTalkAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const guard = requireAdminUser(services);
  for (const path of [
    '/admin/collections',
    '/admin/collections/*',
    '/admin/collection/*',
    '/admin/talks',
    '/admin/talk/*',
  ]) {
    app.use(path, guard);
  }
  const admin = services.talkAdmin;
  return app
    .openapi(listCollections, async (c) => c.json({ data: await admin.listCollections(c.get('user')) }, 200))
    .openapi(createCollection, async (c) =>
      c.json({ data: await admin.createCollection(c.get('user'), c.req.valid('json')) }, 201),
    )
    .openapi(orderCollections, async (c) =>
      c.json({ data: await admin.orderCollections(c.get('user'), c.req.valid('json').ids) }, 200),
    )
    .openapi(getCollection, async (c) =>
      c.json({ data: await admin.getCollection(c.get('user'), c.req.valid('param').id) }, 200),
    )
    .openapi(updateCollection, async (c) =>
      c.json({ data: await admin.updateCollection(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(orderTalks, async (c) =>
      c.json({ data: await admin.orderTalks(c.get('user'), c.req.valid('param').id, c.req.valid('json').ids) }, 200),
    )
    .openapi(uploadTalk, async (c) =>
      c.json({ data: await admin.uploadTalk(c.get('user'), uploadFormOf(c.req.raw)) }, 201),
    )
    .openapi(getTalk, async (c) => c.json({ data: await admin.getTalk(c.get('user'), c.req.valid('param').id) }, 200))
    .openapi(updateTalk, async (c) =>
      c.json({ data: await admin.updateTalk(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteTalk, async (c) =>
      c.json({ data: await admin.deleteTalk(c.get('user'), c.req.valid('param').id) }, 200),
    )
    .openapi(replaceTranscript, async (c) =>
      c.json(
        { data: await admin.replaceTranscript(c.get('user'), c.req.valid('param').id, uploadFormOf(c.req.raw)) },
        200,
      ),
    );
}
