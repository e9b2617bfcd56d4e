import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { UserIdentitiesTable, UsersTable } from '#server/db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** Users and their social identities. E-mails are stored lower-case, so look-ups are exact. */
export function createUserRepository(db: Executor) {
  return {
    async insert(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    async findById(id: number): Promise<UserRow | null> {
      return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
    async findByUsername(username: string): Promise<UserRow | null> {
      return (await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()) ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      return (await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
    },
    async update(id: number, changes: Updateable<UsersTable>): Promise<UserRow | null> {
      return (
        (await db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst()) ?? null
      );
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
    async findIdentity(provider: string, subject: string): Promise<Selectable<UserIdentitiesTable> | null> {
      return (
        (await db
          .selectFrom('user_identities')
          .selectAll()
          .where('provider', '=', provider)
          .where('subject', '=', subject)
          .executeTakeFirst()) ?? null
      );
    },
    async insertIdentity(identity: Insertable<UserIdentitiesTable>): Promise<void> {
      await db.insertInto('user_identities').values(identity).execute();
    },
  };
}
