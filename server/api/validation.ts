import type { Hook } from '@hono/zod-openapi';
import { AppError, fieldsOf } from '#server/errors.ts';

/** The hook every API route uses: bad input → 400 VALIDATION_FAILED with per-field messages. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one hook serves every route's Env
export const validationHook: Hook<unknown, any, string, unknown> = (result) => {
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', undefined, fieldsOf(result.error.issues));
  }
};
