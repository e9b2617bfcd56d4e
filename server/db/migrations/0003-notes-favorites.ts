import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/** Readers' highlights and notes, the groups they gather them in, and their saved books. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The note-groups issue adds publication and moderation columns; notes need the table now.
  await withTimestamps(
    withId(db, db.schema.createTable('note_groups'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('note_groups_user_idx').on('note_groups').column('user_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('notes'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
      .addColumn('note_group_id', 'integer', (c) => c.references('note_groups.id').onDelete('set null'))
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('body', 'text')
      // JSON text: {paragraph, start, end, exact, prefix, suffix}
      .addColumn('anchor', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private')),
  ).execute();
  await db.schema.createIndex('notes_user_book_idx').on('notes').columns(['user_id', 'book_id']).execute();
  await db.schema
    .createIndex('notes_user_group_idx')
    .on('notes')
    .columns(['user_id', 'note_group_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('favorite_books'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('favorite_books_user_book_idx')
    .on('favorite_books')
    .columns(['user_id', 'book_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorite_books').ifExists().execute();
  await db.schema.dropTable('notes').ifExists().execute();
  await db.schema.dropTable('note_groups').ifExists().execute();
}
