import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** The playback record of logged-in readers: where listening stopped, per book or talk code. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('playback_positions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    // Milliseconds: an integer means the same on both engines.
    .addColumn('position_ms', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('playback_positions_user_code_idx')
    .on('playback_positions')
    .columns(['user_id', 'code'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playback_positions').ifExists().execute();
}
