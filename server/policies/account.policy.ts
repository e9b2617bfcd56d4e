/**
 * An account without a password proves it is its owner by a login this recent (deleting it asks
 * for that proof instead of a password).
 */
export const FRESH_LOGIN_MS = 10 * 60 * 1000;

/** The session presented is the account's own and was opened within `FRESH_LOGIN_MS` of `at`. */
export function isFreshLoginOf(
  session: { user_id: number; created_at: string } | null | undefined,
  userId: number,
  at: Date,
): boolean {
  return !!session && session.user_id === userId && at.getTime() - Date.parse(session.created_at) <= FRESH_LOGIN_MS;
}
