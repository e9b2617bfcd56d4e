import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * What the importer brought in, and from which content: importing the same file again is a
 * no-op (same hash), a changed file updates its book or talk (same key, another hash).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('import_records'))
      // book:{code} or talk:{collection slug}/{talk slug}
      .addColumn('source_key', 'text', (c) => c.notNull().unique())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('import_records_hash_idx').on('import_records').column('content_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_records').ifExists().execute();
}
