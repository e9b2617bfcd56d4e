import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZAuditPageSchema, ZAuditQuerySchema } from '#common/contracts/admin.schema.ts';
import { AppError } from '#server/errors.ts';
import type { Services } from '#server/services/index.ts';
import type { ApiEnv } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, tokenSecurity } from '../openapi.ts';
import { requireAdminUser } from './admin-guard.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';
import { importUploadOf } from '#server/http/import-form.ts';

const errors = {
  400: errorResponse('Bad input'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an admin'),
};
const tags = ['Quản trị'];

const ZImportOutcomeSchema = z.object({
  file: z.string(),
  kind: z.enum(['book', 'talk']).nullable(),
  status: z.enum(['added', 'updated', 'skipped', 'failed']),
  title: z.string().nullable(),
  reason: z.string().nullable(),
  path: z.string().nullable(),
});

const audit = createRoute({
  method: 'get',
  path: '/admin/audit',
  tags,
  security: tokenSecurity,
  summary: 'The audit log: who did what to which item, newest first (filter by itemType)',
  request: { query: ZAuditQuerySchema },
  responses: { 200: json(z.object({ data: ZAuditPageSchema }), 'One page of the log'), ...errors },
});

const importFiles = createRoute({
  method: 'post',
  path: '/admin/import',
  [BODY_LIMIT_FIELD]: 'import', // whole files up to UPLOAD_MAX_MB
  tags,
  security: tokenSecurity,
  summary:
    'Import uploaded files (EPUB, DOCX, Markdown, MP3 with its .vtt/.srt) with the same importers as npm run import',
  description:
    'A multipart/form-data body (read by the importer itself, not by a schema here: it pairs files): `files` (one or more), optional `collection` (the talks’ collection), `dryRun` and `draft` ("true"). Each file gets an outcome: added, updated, skipped or failed with its reason.',
  responses: {
    200: json(z.object({ data: z.array(ZImportOutcomeSchema) }), 'What happened to each file'),
    ...errors,
    413: errorResponse('Larger than UPLOAD_MAX_MB'),
  },
});

/** The administration's calls that belong to no single kind of content: the audit log, the import. */
export function createAdminRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use('/admin/audit', requireAdminUser(services));
  app.use('/admin/import', requireAdminUser(services));
  return app
    .openapi(audit, async (c) => c.json({ data: await services.audit.list(c.get('user'), c.req.valid('query')) }, 200))
    .openapi(importFiles, async (c) => {
      services.importer.checkUploadSize(c.req.header('content-length'));
      const form = await c.req.formData().catch(() => {
        throw new AppError('VALIDATION_FAILED', 'Nội dung gửi lên không phải biểu mẫu tệp hợp lệ.');
      });
      const outcomes = await services.importer.importUploads(importUploadOf(form), c.get('user'));
      return c.json({ data: outcomes }, 200);
    });
}
