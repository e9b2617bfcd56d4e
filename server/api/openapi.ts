import { z } from '@hono/zod-openapi';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { zLine } from '#common/contracts/text.schema.ts';

/** Pieces every route file describes its calls with (OpenAPI through @hono/zod-openapi). */

/** A JSON response: its schema and what it is. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** An error response (the one envelope of decision 0005), described for this call. */
export const errorResponse = (description: string) => json(ZErrorResponseSchema, description);

/**
 * 503 of a call that must count (REDIS_URL set and Redis not answering): nothing was done, try
 * again after `Retry-After`. One definition for every call that can answer it.
 */
export const countersUnavailable = {
  ...errorResponse(
    'The shared counters (Redis) do not answer: nothing was done; try again after the Retry-After seconds',
  ),
  headers: {
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } },
  },
};

/**
 * What a write to a reader's own things (notes, note groups, the reading list, bookmarks,
 * playlists, saved searches, corrections, an import of notes) may answer besides its own errors:
 * 429 once the account's write budget for the minute is spent, 503 while the shared counters do
 * not answer. Both come before the write: nothing was done.
 */
export const writeBudgetResponses = {
  429: errorResponse('Writing too fast: this account’s writes for the minute are used up; nothing was done'),
  503: countersUnavailable,
};

/** `{id}` in a path: a positive integer that fits the databases' integer columns. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `{code}` (a book's, a chapter's) in a path: one line of text, no control characters. */
export const ZCodeParamSchema = zLine().min(1).max(160);
export const codeParam = z.object({ code: ZCodeParamSchema });

/** `{data: {ok: true}}`, what a deletion answers. */
export const ZOkResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

/** Calls that need the session token (the `x-token` header). */
export const tokenSecurity = [{ token: [] }];
