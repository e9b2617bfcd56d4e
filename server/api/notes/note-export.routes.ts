import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZNoteExportQuerySchema,
  ZNoteImportRequestSchema,
  ZNoteImportResultSchema,
} from '#common/contracts/note-export.schema.ts';
import { BODY_LIMIT_FIELD } from '#server/http/body-limits.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, requireUser } from '../context.ts';
import { validationHook } from '../validation.ts';
import { errorResponse, json, jsonBody, tokenSecurity, writeBudgetResponses } from '../openapi.ts';

const tags = ['Ghi chú'];
const file = (type: string) => ({ [type]: { schema: z.string() } });

const exportNotes = createRoute({
  method: 'get',
  path: '/notes/export',
  tags,
  security: tokenSecurity,
  summary: 'My highlights and notes as a file: Markdown, CSV or W3C Web Annotation JSON-LD, by colour, book or date',
  request: { query: ZNoteExportQuerySchema },
  responses: {
    200: {
      description: 'The file (Content-Disposition: attachment)',
      content: { ...file('text/markdown'), ...file('text/csv'), ...file('application/ld+json') },
    },
    400: errorResponse('Bad filter'),
    401: errorResponse('Not logged in'),
  },
});

const importNotes = createRoute({
  method: 'post',
  path: '/notes/import',
  [BODY_LIMIT_FIELD]: 'form', // a whole exported file, up to NOTE_IMPORT_MAX_CHARS
  tags,
  security: tokenSecurity,
  summary: 'Read an exported CSV or JSON-LD file back into my notes (those I already have are skipped)',
  request: { body: jsonBody(ZNoteImportRequestSchema) },
  responses: {
    ...writeBudgetResponses,
    200: json(z.object({ data: ZNoteImportResultSchema }), 'How many were added, skipped, missing'),
    400: errorResponse('Bad file'),
    401: errorResponse('Not logged in'),
    409: errorResponse('Over the account’s note limit'),
  },
});

/** A reader's notes taken away and brought back (docs/decisions/0032-take-it-with-you.md). */
export function createNoteExportRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use('/notes/*', requireUser(services));
  const me = (c: { get(key: 'user'): { id: number } }) => c.get('user').id;
  return app
    .openapi(exportNotes, async (c) => {
      const exported = await services.noteExport.exportNotes(
        me(c),
        c.req.valid('query'),
        services.site.originFor(c.req.url),
      );
      return c.body(exported.body, 200, {
        'content-type': exported.contentType,
        'content-disposition': `attachment; filename="${exported.fileName}"`,
        'cache-control': 'private, no-store',
      });
    })
    .openapi(importNotes, async (c) =>
      c.json({ data: await services.noteExport.importNotes(me(c), c.req.valid('json')) }, 200),
    );
}
