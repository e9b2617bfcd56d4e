import { ERROR_MESSAGES, type ErrorCode } from '#common/messages.ts';

/** The HTTP status of each error code. The one table the whole server uses. */
const STATUS_BY_CODE: Record<ErrorCode, 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 502 | 503> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  API_ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * Seconds a client should wait before trying again (the `Retry-After` of the answer), for the
 * codes that say "not now" rather than "not this".
 */
export const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = {
  SERVICE_UNAVAILABLE: 10,
};

// Page route modules and the server are two bundles, each with its own copy of this class, so
// `instanceof AppError` fails across them; a global symbol marks an AppError from either copy.
const APP_ERROR = Symbol.for('phap-bao.app-error');

/**
 * An error the reader may see. Services throw it; the API turns it into
 * `{errorMessage, errorCode, fields?}` with its status; pages turn it into the error page.
 */
export class AppError extends Error {
  readonly status: number;
  readonly [APP_ERROR] = true;
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }

  toBody() {
    return {
      errorMessage: this.message,
      errorCode: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export function notFound(message?: string): AppError {
  return new AppError('NOT_FOUND', message);
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** True for an AppError from any bundle (use this, not instanceof). */
export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[APP_ERROR] === true;
}

/** A zod failure as `fields: {path: message}` (the first message of each field). */
export function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/** Bad input read outside a contract (a multipart form): the same 400 a zod contract gives. */
export function invalidFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  return new AppError('VALIDATION_FAILED', undefined, fieldsOf(issues));
}
