import type { User } from '#common/contracts/auth.schema.ts';
import { AppError } from '#server/errors.ts';

/** Who may do what in the administration: admins everything, moderators the moderation parts. */
export const ADMINS_ONLY = 'Chỉ quản trị viên được làm việc này.';

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Admins and moderators: the people who see the administration area at all. */
export function isStaff(user: User | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}

/** Moderators and admins only (the moderation queue and its decisions). */
export const MODERATORS_ONLY = 'Chỉ người kiểm duyệt và quản trị viên được làm việc này.';

export function requireStaff(user: User): void {
  if (!isStaff(user)) throw new AppError('FORBIDDEN', MODERATORS_ONLY);
}

export function requireAdmin(user: User): void {
  if (!isAdmin(user)) throw new AppError('FORBIDDEN', ADMINS_ONLY);
}
