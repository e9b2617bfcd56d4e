import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { User } from '#common/contracts/auth.schema.ts';
import type { Env } from '#server/env.ts';
import { clientAddressOf } from '#server/lib/proxy-headers.ts';
import type { RequestMeta } from '#server/services/auth.service.ts';
import type { Services } from '#server/services/index.ts';

/** Variables the API middleware leaves on the Hono context. */
export type ApiEnv = { Variables: { requestId: string; user: User } };

/**
 * The reader's address (from X-Forwarded-For only behind a trusted proxy, as
 * server/lib/proxy-headers.ts picks it) and browser, for rate limits.
 */
export function requestMetaOf(c: Context, env: Pick<Env, 'TRUST_PROXY' | 'TRUSTED_PROXIES'>): RequestMeta {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // app.request in tests has no socket
  }
  const ip = env.TRUST_PROXY
    ? clientAddressOf(c.req.header('x-forwarded-for'), env.TRUSTED_PROXIES, socketAddress)
    : socketAddress;
  return { ip: ip ?? 'unknown', userAgent: c.req.header('user-agent') ?? null };
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
