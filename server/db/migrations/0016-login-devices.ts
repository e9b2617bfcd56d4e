import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Browsers that have logged in to an account before (a long-lived HttpOnly cookie; only its
 * hash is stored). They skip the account's growing delay after wrong passwords, so a stranger
 * typing a reader's public username cannot lock the reader out of their own devices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('login_devices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  // One browser may be known to several accounts (a family's shared tablet).
  await db.schema
    .createIndex('login_devices_user_device_idx')
    .on('login_devices')
    .columns(['user_id', 'device_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_devices').ifExists().execute();
}
