import type { Hook } from '@hono/zod-openapi';
import { AppError } from '#server/errors.ts';

/** Turns a zod failure into `fields: {path: message}` (the first message of each field). */
export function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The hook every API route uses: bad input → 400 VALIDATION_FAILED with per-field messages. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one hook serves every route's Env
export const validationHook: Hook<unknown, any, string, unknown> = (result) => {
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', undefined, fieldsOf(result.error.issues));
  }
};
