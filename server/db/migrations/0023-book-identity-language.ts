import type { Kysely } from 'kysely';

/**
 * A book's identity and language, as the file it was imported from states them (decision 0023):
 * `source_identifier` is the EPUB's unique identifier (or ISBN), a Markdown or Word file's `id`,
 * else a hash of the file — never the title, so two books with one title both stay. `language` is
 * the package language (BCP 47), `text_direction` `rtl` or `ltr` when the book says or its
 * language implies it; chapter pages set them on the chapter text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('source_identifier', 'text').execute();
  await db.schema.alterTable('books').addColumn('language', 'text').execute();
  await db.schema.alterTable('books').addColumn('text_direction', 'text').execute();
  // Several books without an identifier (demo, administration) may share NULL on both engines.
  await db.schema.createIndex('books_source_identifier_idx').on('books').column('source_identifier').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('books_source_identifier_idx').ifExists().execute();
  await db.schema.alterTable('books').dropColumn('text_direction').execute();
  await db.schema.alterTable('books').dropColumn('language').execute();
  await db.schema.alterTable('books').dropColumn('source_identifier').execute();
}
