import type { Kysely } from 'kysely';

/**
 * Writes made offline are replayed when the network returns (decision 0030), perhaps twice (two
 * tabs, an answer lost on the way back): a highlight carries the id its browser made, and one
 * account keeps at most one note per such id. Notes made online have none; NULLs never collide on
 * either engine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notes').addColumn('client_id', 'text').execute();
  await db.schema.createIndex('notes_user_client_idx').on('notes').columns(['user_id', 'client_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notes_user_client_idx').ifExists().execute();
  await db.schema.alterTable('notes').dropColumn('client_id').execute();
}
