import type { Hook } from '@hono/zod-openapi';
import type { Env as HonoEnv } from 'hono';
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
export const validationHook: Hook<unknown, HonoEnv, string, unknown> = (result) => {
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', undefined, fieldsOf(result.error.issues));
  }
};
