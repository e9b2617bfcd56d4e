import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { LoginCodesTable, LoginDevicesTable, PasswordResetsTable, SessionsTable } from '#server/db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

/**
 * Sessions, one-time login codes, known login devices and password-reset links, found only by the
 * hash of their secret.
 */
export function createSessionRepository(db: Executor) {
  return {
    async insert(session: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    /** A session that is not revoked, not past its expiry, and used since `usedSince`. */
    async findActiveByHash(tokenHash: string, now: string, usedSince: string): Promise<SessionRow | null> {
      return (
        (await db
          .selectFrom('sessions')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .where('last_used_at', '>', usedSince)
          .executeTakeFirst()) ?? null
      );
    },
    async touch(id: number, now: string): Promise<void> {
      await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
    },
    async revokeByHash(tokenHash: string, now: string): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Revokes every live session of the user, except the one whose hash is `keepHash`. */
    async revokeAllOfUser(userId: number, now: string, keepHash?: string): Promise<number> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepHash) query = query.where('token_hash', '!=', keepHash);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async insertLoginCode(code: Insertable<LoginCodesTable>): Promise<void> {
      await db.insertInto('login_codes').values(code).execute();
    },
    /**
     * Takes a one-time code: deletes it and returns it, whether or not it has expired. One
     * statement, so of several requests racing for the same code only one gets the row.
     */
    async takeLoginCode(codeHash: string): Promise<Selectable<LoginCodesTable> | null> {
      return (
        (await db.deleteFrom('login_codes').where('code_hash', '=', codeHash).returningAll().executeTakeFirst()) ?? null
      );
    },
    /** True when the browser holding this device secret has logged in to the user's account before. */
    async isKnownDevice(userId: number, deviceHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_devices')
        .select('id')
        .where('user_id', '=', userId)
        .where('device_hash', '=', deviceHash)
        .executeTakeFirst();
      return Boolean(row);
    },
    async insertDevice(device: Insertable<LoginDevicesTable>): Promise<void> {
      await db.insertInto('login_devices').values(device).execute();
    },
    /** Forgets every browser known to the account (a password reset starts afresh). */
    async deleteDevicesOfUser(userId: number): Promise<number> {
      const result = await db.deleteFrom('login_devices').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async insertPasswordReset(reset: Insertable<PasswordResetsTable>): Promise<void> {
      await db.insertInto('password_resets').values(reset).execute();
    },
    /** A reset link that exists and has not expired (read only: opening the link changes nothing). */
    async findLivePasswordReset(tokenHash: string, now: string): Promise<Selectable<PasswordResetsTable> | null> {
      return (
        (await db
          .selectFrom('password_resets')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .where('expires_at', '>', now)
          .executeTakeFirst()) ?? null
      );
    },
    /**
     * Takes a reset link: deletes it and returns it, expired or not. One statement, so of several
     * requests racing for the same link only one gets the row; run inside the transaction that sets
     * the password, a failed reset puts it back.
     */
    async takePasswordReset(tokenHash: string): Promise<Selectable<PasswordResetsTable> | null> {
      return (
        (await db
          .deleteFrom('password_resets')
          .where('token_hash', '=', tokenHash)
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    },
    /** Every link of the user (after a reset), and anyone's expired ones. */
    async deletePasswordResets(userId: number, now: string): Promise<void> {
      await db
        .deleteFrom('password_resets')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', now)]))
        .execute();
    },
    async touchDevice(userId: number, deviceHash: string, now: string): Promise<void> {
      await db
        .updateTable('login_devices')
        .set({ last_used_at: now })
        .where('user_id', '=', userId)
        .where('device_hash', '=', deviceHash)
        .execute();
    },
  };
}
