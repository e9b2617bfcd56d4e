import { z } from 'zod';

/** Every failure of the API: a Vietnamese message for the reader, a stable code, and per-field messages. */
export const ZErrorResponseSchema = z.object({
  errorMessage: z.string(),
  errorCode: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** `{ data: … }` around any success payload. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** A page of a list: `{ items, total, page, perPage }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    perPage: z.number().int().positive(),
  });
}
