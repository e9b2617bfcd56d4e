import type { User } from '#common/contracts/auth.schema.ts';
import type { UserRow } from '#server/repositories/user.repository.ts';

/** The only shape a user leaves the server in: never a password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.display_name,
    avatar: row.avatar,
    role: row.role,
    createdAt: row.created_at,
  };
}
