import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/** A reader's bookmarks in a talk: a moment and a label. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('talk_bookmarks'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('talk_id', 'integer', (c) => c.notNull().references('audio_talks.id').onDelete('cascade'))
      // Milliseconds: an integer means the same on both engines.
      .addColumn('time_ms', 'integer', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('talk_bookmarks_user_talk_idx')
    .on('talk_bookmarks')
    .columns(['user_id', 'talk_id', 'time_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('talk_bookmarks').ifExists().execute();
}
