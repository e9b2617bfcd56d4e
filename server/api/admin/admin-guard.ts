import type { Context } from 'hono';
import { requireAdmin } from '#server/policies/require.policy.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, tokenOf } from '../context.ts';

/** Middleware for /admin/*: 401 without a session, 403 for anyone but an admin. */
export function requireAdminUser(services: Services) {
  return async (c: Context<ApiEnv>, next: () => Promise<void>) => {
    const user = await services.auth.requireUser(tokenOf(c));
    requireAdmin(user);
    c.set('user', user);
    await next();
  };
}
