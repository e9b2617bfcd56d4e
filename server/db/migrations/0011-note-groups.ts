import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

/**
 * Note groups become readers' anthologies that may be published: a description, visibility, the
 * moderation state with its reason and dates, and featuring; every moderation decision is kept in
 * `moderation_events` (who, when, what, why). Notes may also be typed by hand as a quote with its
 * source, so a note's book, chapter and anchor become optional and it gains `source_title` and
 * `source_url`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('note_groups').addColumn('description', 'text').execute();
  await db.schema
    .alterTable('note_groups')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
    .execute();
  // none (private) → pending → approved | rejected; editing an approved group's content → pending.
  await db.schema
    .alterTable('note_groups')
    .addColumn('moderation_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  for (const column of ['moderation_reason', 'moderated_at', 'submitted_at', 'approved_at', 'featured_at']) {
    await db.schema.alterTable('note_groups').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('note_groups_moderation_idx')
    .on('note_groups')
    .columns(['moderation_state', 'submitted_at'])
    .execute();

  await withId(db, db.schema.createTable('moderation_events'))
    .addColumn('note_group_id', 'integer', (c) => c.notNull().references('note_groups.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // submit | approve | reject | feature | unfeature | resubmit
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_events_group_idx')
    .on('moderation_events')
    .columns(['note_group_id', 'created_at'])
    .execute();

  if (isPostgres(db)) {
    await sql`ALTER TABLE notes ALTER COLUMN book_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE notes ALTER COLUMN chapter_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE notes ALTER COLUMN anchor DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE notes ADD COLUMN source_title text`.execute(db);
    await sql`ALTER TABLE notes ADD COLUMN source_url text`.execute(db);
    return;
  }
  // SQLite cannot drop NOT NULL: the table is made anew with the same rows and indexes.
  await sql`CREATE TABLE notes_new (
    id integer PRIMARY KEY AUTOINCREMENT,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    book_id integer REFERENCES books(id) ON DELETE CASCADE,
    chapter_id integer REFERENCES chapters(id) ON DELETE CASCADE,
    note_group_id integer REFERENCES note_groups(id) ON DELETE SET NULL,
    color text NOT NULL,
    content text NOT NULL,
    body text,
    anchor text,
    position integer NOT NULL DEFAULT 0,
    visibility text NOT NULL DEFAULT 'private',
    created_at text NOT NULL,
    updated_at text NOT NULL,
    source_title text,
    source_url text
  )`.execute(db);
  await sql`INSERT INTO notes_new (id, user_id, book_id, chapter_id, note_group_id, color, content, body, anchor,
      position, visibility, created_at, updated_at)
    SELECT id, user_id, book_id, chapter_id, note_group_id, color, content, body, anchor,
      position, visibility, created_at, updated_at FROM notes`.execute(db);
  await sql`DROP TABLE notes`.execute(db);
  await sql`ALTER TABLE notes_new RENAME TO notes`.execute(db);
  await db.schema.createIndex('notes_user_book_idx').on('notes').columns(['user_id', 'book_id']).execute();
  await db.schema
    .createIndex('notes_user_group_idx')
    .on('notes')
    .columns(['user_id', 'note_group_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Hand-typed quotes cannot go back into a table that needs a book: they are removed.
  await sql`DELETE FROM notes WHERE book_id IS NULL OR chapter_id IS NULL OR anchor IS NULL`.execute(db);
  await db.schema.alterTable('notes').dropColumn('source_url').execute();
  await db.schema.alterTable('notes').dropColumn('source_title').execute();
  await db.schema.dropTable('moderation_events').ifExists().execute();
  await db.schema.dropIndex('note_groups_moderation_idx').ifExists().execute();
  for (const column of [
    'featured_at',
    'approved_at',
    'submitted_at',
    'moderated_at',
    'moderation_reason',
    'moderation_state',
    'visibility',
    'description',
  ]) {
    await db.schema.alterTable('note_groups').dropColumn(column).execute();
  }
}
