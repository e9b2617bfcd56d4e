import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZDeletedResponseSchema, ZIdParamSchema } from '#common/contracts/talk-admin.schema.ts';
import {
  ZAdminVideoResponseSchema,
  ZAdminVideosResponseSchema,
  ZVideoUpdateSchema,
} from '#common/contracts/video-admin.schema.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, tokenSecurity } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';
import { uploadFormOf } from '#server/http/streamed-form.ts';

const tags = ['Quản trị video'];
const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
  404: errorResponse('No such video'),
};
const tooLarge = { 413: errorResponse('Larger than UPLOAD_MAX_MB') };
const params = ZIdParamSchema;
const videoResponse = json(ZAdminVideoResponseSchema, 'The video');

const listVideos = createRoute({
  method: 'get',
  path: '/admin/videos',
  tags,
  security: tokenSecurity,
  summary: 'Every video in any state, newest first',
  responses: { 200: json(ZAdminVideosResponseSchema, 'The videos'), ...errors },
});

const createVideo = createRoute({
  method: 'post',
  path: '/admin/videos',
  [BODY_LIMIT_FIELD]: 'streamed', // read as it streams (MP3/MP4 up to UPLOAD_MAX_MB)
  tags,
  security: tokenSecurity,
  summary: 'Add a YouTube item by its address, or upload an MP4 (streamed to storage, UPLOAD_MAX_MB)',
  description:
    'A multipart/form-data body, read as it streams (not by a schema here): `kind` "youtube" with `url` (youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/…, youtube.com/shorts/…; anything else is refused), or "file" with `file` (an MP4, checked by its `ftyp` box) and an optional `transcript` (.vtt or .srt); `title`, optional `description`, `speaker`, `status` ("draft" by default), and an optional `poster` image (served by us).',
  responses: { 201: videoResponse, ...errors, ...tooLarge },
});

const getVideo = createRoute({
  method: 'get',
  path: '/admin/video/{id}',
  tags,
  security: tokenSecurity,
  summary: 'One video in any state',
  request: { params },
  responses: { 200: videoResponse, ...errors },
});

const updateVideo = createRoute({
  method: 'put',
  path: '/admin/video/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Edit a video: title, description, speaker, a YouTube item’s url; status publishes or unpublishes it',
  request: { params, body: { required: true, content: { 'application/json': { schema: ZVideoUpdateSchema } } } },
  responses: { 200: videoResponse, ...errors },
});

const setPoster = createRoute({
  method: 'put',
  path: '/admin/video/{id}/poster',
  [BODY_LIMIT_FIELD]: 'streamed', // read as it streams (MP3/MP4 up to UPLOAD_MAX_MB)
  tags,
  security: tokenSecurity,
  summary: 'Upload a new poster (multipart `poster`: JPEG, PNG or WebP; stored as JPEG up to 1280×720)',
  request: { params },
  responses: { 200: videoResponse, ...errors, ...tooLarge },
});

const deleteVideo = createRoute({
  method: 'delete',
  path: '/admin/video/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a video, its search passages and its files',
  request: { params },
  responses: { 200: json(ZDeletedResponseSchema, 'Deleted'), ...errors },
});

/** The administration of videos (admins only). */
export function createVideoAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  const guard = requireAdminUser(services);
  for (const path of ['/admin/videos', '/admin/video/*']) app.use(path, guard);
  const admin = services.videoAdmin;
  return app
    .openapi(listVideos, async (c) => c.json({ data: await admin.list(c.get('user')) }, 200))
    .openapi(createVideo, async (c) =>
      c.json({ data: await admin.create(c.get('user'), uploadFormOf(c.req.raw)) }, 201),
    )
    .openapi(getVideo, async (c) => c.json({ data: await admin.get(c.get('user'), c.req.valid('param').id) }, 200))
    .openapi(updateVideo, async (c) =>
      c.json({ data: await admin.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(setPoster, async (c) =>
      c.json({ data: await admin.setPoster(c.get('user'), c.req.valid('param').id, uploadFormOf(c.req.raw)) }, 200),
    )
    .openapi(deleteVideo, async (c) =>
      c.json({ data: await admin.delete(c.get('user'), c.req.valid('param').id) }, 200),
    );
}
