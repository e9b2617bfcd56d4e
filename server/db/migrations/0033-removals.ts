import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

/**
 * What a reader removed, and when (decision 0049): a write made offline and sent late must lose to
 * a removal made after it on another device, and a deleted row no longer says when it went. One row
 * per removed thing: a note (with its row, so an edit made offline after the deletion can bring it
 * back), a talk bookmark, a book taken off the reading list, the reading history cleared (item 0).
 * A note or bookmark made offline keeps its browser-made id here, so sending it again after the
 * removal does not make it anew. A book on the reading list now carries the time of its latest save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('removals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'note' | 'talk-bookmark' | 'reading-list' (item_id a book) | 'history' (item_id 0: all of it)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('item', 'text')
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('removals_user_item_idx')
    .on('removals')
    .columns(['user_id', 'kind', 'item_id'])
    .unique()
    .execute();
  await db.schema.createIndex('removals_user_client_idx').on('removals').columns(['user_id', 'client_id']).execute();
  await db.schema.alterTable('favorite_books').addColumn('updated_at', 'text').execute();
  await sql`UPDATE favorite_books SET updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('favorite_books').dropColumn('updated_at').execute();
  await db.schema.dropTable('removals').ifExists().execute();
}
