import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { LoginCodesTable, SessionsTable } from '#server/db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

/** Sessions and one-time login codes, found only by the hash of their secret. */
export function createSessionRepository(db: Executor) {
  return {
    async insert(session: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async findActiveByHash(tokenHash: string, now: string): Promise<SessionRow | null> {
      return (
        (await db
          .selectFrom('sessions')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
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
    /** Takes a one-time code: returns its user and deletes it, whether or not it has expired. */
    async takeLoginCode(codeHash: string): Promise<Selectable<LoginCodesTable> | null> {
      const row = await db.selectFrom('login_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
      if (!row) return null;
      await db.deleteFrom('login_codes').where('id', '=', row.id).execute();
      return row;
    },
  };
}
