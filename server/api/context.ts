import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { User } from '#common/contracts/auth.schema.ts';
import type { RequestMeta } from '#server/services/auth.service.ts';
import type { Services } from '#server/services/index.ts';

/** Variables the API middleware leaves on the Hono context. */
export type ApiEnv = { Variables: { requestId: string; user: User } };

/** The reader's address (X-Forwarded-For only behind a trusted proxy) and browser, for rate limits. */
export function requestMetaOf(c: Context, trustProxy: boolean): RequestMeta {
  let ip = 'unknown';
  if (trustProxy) {
    ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || ip;
  } else {
    try {
      ip = getConnInfo(c).remote.address ?? ip;
    } catch {
      // app.request in tests has no socket
    }
  }
  return { ip, userAgent: c.req.header('user-agent') ?? null };
}

/** The token travels in the `x-token` header, with no scheme prefix. */
export function tokenOf(c: Context): string | undefined {
  return c.req.header('x-token')?.trim() || undefined;
}

/** Middleware: 401 unless the x-token header names a live session; leaves the user on the context. */
export function requireUser(services: Services) {
  return async (c: Context<ApiEnv>, next: () => Promise<void>) => {
    c.set('user', await services.auth.requireUser(tokenOf(c)));
    await next();
  };
}
