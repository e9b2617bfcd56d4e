import { data } from 'react-router';
import type { z } from 'zod';
import { fieldErrorsOf } from '#common/contracts/auth.schema.ts';
import { isAppError, RETRY_AFTER_SECONDS } from '#server/errors.ts';

/** What a form action answers when it cannot do what was asked. */
export interface FormFailure {
  message: string | null;
  fields: Record<string, string>;
}

/** Parses form data with the contract; on failure, the 400 answer (field messages) to return. */
export function parseForm<T extends z.ZodType>(schema: T, form: FormData) {
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  const result = schema.safeParse(values);
  if (result.success) return { ok: true as const, value: result.data as z.infer<T> };
  return {
    ok: false as const,
    failure: data<FormFailure>({ message: null, fields: fieldErrorsOf(result.error) }, { status: 400 }),
  };
}

/** A service's AppError becomes the form's message (with its status); anything else propagates. */
export function formFailureOf(error: unknown) {
  if (isAppError(error)) {
    const retryAfter = RETRY_AFTER_SECONDS[error.code];
    return data<FormFailure>(
      { message: error.message, fields: error.fields ?? {} },
      { status: error.status, headers: retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) } },
    );
  }
  throw error;
}

/** True for a service's NOT_FOUND (pages answer it with their 404). */
export function isNotFoundError(error: unknown): boolean {
  return isAppError(error) && error.status === 404;
}
