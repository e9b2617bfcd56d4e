import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** Who did what to which item of the library, and when (the administration's audit log). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The name at the time: the log still reads after an account is deleted.
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('item_label', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_item_idx').on('audit_log').columns(['item_type', 'item_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
