import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * One-time links that let a reader who forgot their password set a new one (sent by e-mail, or
 * printed by `npm run user:reset-password`). Only the SHA-256 of the token is stored; a link is
 * taken (deleted) when used and lives 30 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
}
