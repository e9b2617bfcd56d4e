import { type Kysely, sql } from 'kysely';
import { isPostgres, withId, withTimestamps } from './helpers.ts';

/**
 * Search: the indexed passages (one per paragraph, transcript segment or title block), the
 * engine's own index beside them (FTS5 on SQLite, tsvector + GIN on PostgreSQL), stored answers
 * of expensive queries, the reader's saved searches, and the aggregate counts of what is searched
 * (nothing about who).
 *
 * A passage id packs where it belongs — kind, item and rank inside the item — so the engine can
 * filter by type and group by item from the id alone (see server/search/passage-id.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('search_passages')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // Where the passage sits: a chapter code, a paragraph anchor (p-3) or a time in seconds.
    .addColumn('part', 'text')
    .addColumn('anchor', 'text')
    .addColumn('start_seconds', 'real')
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_passages_item_idx').on('search_passages').columns(['kind', 'item_id']).execute();

  if (pg) {
    await sql`ALTER TABLE search_passages ADD COLUMN exact_tsv tsvector NOT NULL, ADD COLUMN folded_tsv tsvector NOT NULL`.execute(
      db,
    );
    await sql`CREATE INDEX search_passages_exact_gin ON search_passages USING gin (exact_tsv)`.execute(db);
    await sql`CREATE INDEX search_passages_folded_gin ON search_passages USING gin (folded_tsv)`.execute(db);
  } else {
    // Contentless: the text lives once, in search_passages; the index keeps only words.
    // The words arrive already normalised and folded by common/text/search-tokens.ts, so the
    // tokenizer must change nothing (remove_diacritics 0).
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(exact, folded, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }

  await withTimestamps(
    withId(db, db.schema.createTable('search_collections'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('condition_type', 'text')
      // A JSON array of terms.
      .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();
  await db.schema
    .createIndex('search_collections_user_idx')
    .on('search_collections')
    .columns(['user_id', 'created_at'])
    .execute();

  // Answers to expensive queries (the items of a common word, ranked), kept across restarts and
  // valid for one generation of the index (see server/search/generation.ts).
  await db.schema
    .createTable('search_answers')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('search_query_counts')
    .addColumn('query', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_searched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_query_counts_count_idx').on('search_query_counts').columns(['count']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_query_counts').ifExists().execute();
  await db.schema.dropTable('search_answers').ifExists().execute();
  await db.schema.dropTable('search_collections').ifExists().execute();
  if (!isPostgres(db)) await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  await db.schema.dropTable('search_passages').ifExists().execute();
}
