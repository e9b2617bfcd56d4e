import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/** Readers' playlists of talks, in their own order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('playlists'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text'),
  ).execute();
  await db.schema.createIndex('playlists_user_idx').on('playlists').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('playlist_items'))
    .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('talk_id', 'integer', (c) => c.notNull().references('audio_talks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A talk is in a playlist once.
  await db.schema
    .createIndex('playlist_items_playlist_talk_idx')
    .on('playlist_items')
    .columns(['playlist_id', 'talk_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playlist_items').ifExists().execute();
  await db.schema.dropTable('playlists').ifExists().execute();
}
