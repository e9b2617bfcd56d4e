import type { Context } from 'hono';
import { AppError } from '#server/errors.ts';
import { ADMINS_ONLY } from '#server/services/roles.ts';
import type { Services } from '#server/services/index.ts';
import { type ApiEnv, tokenOf } from '../context.ts';

/** Middleware for /admin/*: 401 without a session, 403 for anyone but an admin. */
export function requireAdminUser(services: Services) {
  return async (c: Context<ApiEnv>, next: () => Promise<void>) => {
    const user = await services.auth.requireUser(tokenOf(c));
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', ADMINS_ONLY);
    c.set('user', user);
    await next();
  };
}
