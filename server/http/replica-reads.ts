import type { MiddlewareHandler } from 'hono';
import { SESSION_COOKIE_NAME } from '#common/constants.ts';
import { readFromReplica } from '#server/db/replica-routing.ts';

function carriesSession(cookie: string | undefined): boolean {
  return Boolean(cookie?.split(';').some((part) => part.trim().split('=')[0] === SESSION_COOKIE_NAME));
}

/**
 * With DATABASE_REPLICA_URL: an anonymous GET or HEAD (no session cookie, no x-token) may read on
 * the replica (server/db/replica-routing.ts). A reader with a session, and every write, stays on
 * the primary: what a reader wrote, they read back at once. Anonymous readers may see an edit a
 * moment late (the replica's lag, milliseconds on one network).
 */
export function replicaReads(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const anonymous = !c.req.header('x-token') && !carriesSession(c.req.header('cookie'));
    if ((method === 'GET' || method === 'HEAD') && anonymous) return readFromReplica(() => next());
    return next();
  };
}
