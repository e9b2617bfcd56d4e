import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * Dictionaries administrators import for looking up a term of a chapter (decision 0033): each with
 * the licence it was published under, and its entries found by their Chinese headword. Importing a
 * dictionary of the same name again replaces its entries. The Unihan readings are not here: they
 * ship with the server as a file (server/dictionary/unihan-vi.tsv).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('dictionaries'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('license', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text')
      .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await withId(db, db.schema.createTable('dictionary_entries'))
    .addColumn('dictionary_id', 'integer', (c) => c.notNull().references('dictionaries.id').onDelete('cascade'))
    .addColumn('headword', 'text', (c) => c.notNull())
    .addColumn('reading', 'text')
    .addColumn('meaning', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dictionary_entries_headword_idx').on('dictionary_entries').column('headword').execute();
  await db.schema
    .createIndex('dictionary_entries_dictionary_idx')
    .on('dictionary_entries')
    .column('dictionary_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dictionary_entries').ifExists().execute();
  await db.schema.dropTable('dictionaries').ifExists().execute();
}
