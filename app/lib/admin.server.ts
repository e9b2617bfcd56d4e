import { data } from 'react-router';
import type { AppLoadContext } from 'react-router';
import type { User } from '#common/contracts/auth.schema.ts';
import { mayAdminister, mayModerate } from '#server/policies/roles.policy.ts';
import { requireCurrentUser } from './session.server.ts';

/**
 * Every administration page checks the reader itself (layout loaders run beside the page's, they
 * do not guard it): anonymous → login; readers → 403; moderators reach only the moderation parts.
 */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireCurrentUser(request, context);
  if (!mayAdminister(user)) throw data('Trang này dành cho quản trị viên', { status: 403 });
  return user;
}

/** Moderators and admins; a page of its own (the moderation queue) names itself in `message`. */
export async function requireStaffPage(
  request: Request,
  context: AppLoadContext,
  message = 'Trang này dành cho người quản trị thư viện',
): Promise<User> {
  const user = await requireCurrentUser(request, context);
  if (!mayModerate(user)) throw data(message, { status: 403 });
  return user;
}
