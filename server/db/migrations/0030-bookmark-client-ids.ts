import type { Kysely } from 'kysely';

/**
 * A talk bookmark added offline is replayed when the network returns (decision 0039), perhaps twice
 * (two tabs, an answer lost on the way back): it carries the id its browser made, and one account
 * keeps at most one bookmark per such id, as notes do (0026-offline-write-ids.ts). Bookmarks made
 * online have none; NULLs never collide on either engine. The reading list needs no such column:
 * a book is saved at most once per account already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('talk_bookmarks').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('talk_bookmarks_user_client_idx')
    .on('talk_bookmarks')
    .columns(['user_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('talk_bookmarks_user_client_idx').ifExists().execute();
  await db.schema.alterTable('talk_bookmarks').dropColumn('client_id').execute();
}
