import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** Where each reader last was in each book: one row per reader and book. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('reading_history'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('paragraph', 'text')
    .addColumn('read_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reading_history_user_book_idx')
    .on('reading_history')
    .columns(['user_id', 'book_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reading_history_user_read_idx')
    .on('reading_history')
    .columns(['user_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading_history').ifExists().execute();
}
