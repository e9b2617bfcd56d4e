import type { User } from '#common/contracts/auth.schema.ts';

/**
 * Who may do what, by role: admins everything, moderators the moderation parts, readers their own
 * things. Plain answers with no imports but types, so the browser's profile menu asks the same
 * question as the API guards, page loaders and services (the throwing guards are in
 * `require.policy.ts`).
 */

/** The administration area's write side: books, talks, videos, articles, site lists, audit, roles. */
export function mayAdminister(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}

/** The moderation queue and its decisions, drafts in the library, the administration's door. */
export function mayModerate(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}
