import type { User } from '#common/contracts/auth.schema.ts';
import { AppError } from '#server/errors.ts';
import { mayAdminister, mayModerate } from './roles.policy.ts';

/** The refusals of the role guards (403); callers that said nothing more keep the generic one. */
export const ADMINS_ONLY = 'Chỉ quản trị viên được làm việc này.';
export const MODERATORS_ONLY = 'Chỉ người kiểm duyệt và quản trị viên được làm việc này.';

/** 403 for anyone but an admin. */
export function requireAdmin(user: User, message: string = ADMINS_ONLY): void {
  if (!mayAdminister(user)) throw new AppError('FORBIDDEN', message);
}

/** 403 for anyone but a moderator or an admin. */
export function requireModerator(user: User, message: string = MODERATORS_ONLY): void {
  if (!mayModerate(user)) throw new AppError('FORBIDDEN', message);
}

/**
 * An owned row as its owner-scoped lookup (`findOwned(userId, id)`) found it: "not yours" answers
 * 404 like "absent", never 403, which would say it exists.
 */
export function requireOwned<T>(row: T | null | undefined, message: string): T {
  if (row === null || row === undefined) throw new AppError('NOT_FOUND', message);
  return row;
}
