import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

/**
 * Search's own postings index (server/search/postings.ts, decision 0047): per word of the index
 * (exact or folded form) the passages holding it, in passage-id order, in blocks of about 128
 * postings stored as one compact blob each, with the block's first and last passage id and an
 * upper bound of the word's BM25 weight in it. Filled by the next index rebuild
 * (SEARCH_INDEX_VERSION 5), kept by every write after it, in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per word and form: passages holding it (BM25's n) and the average passage length its
  // blocks' bounds were computed with.
  await withId(db, db.schema.createTable('search_terms'))
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addColumn('avgdl', 'double precision', (c) => c.notNull())
    .addUniqueConstraint('search_terms_form_term_key', ['form', 'term'])
    .execute();
  // Items holding the word, per kind (the counts of a one-word search).
  await db.schema
    .createTable('search_term_kinds')
    .addColumn('term_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_term_kinds_pk', ['term_id', 'kind'])
    .execute();
  await db.schema
    .createTable('search_blocks')
    .addColumn('term_id', 'integer', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .addColumn('first_id', 'bigint', (c) => c.notNull())
    .addColumn('postings', 'integer', (c) => c.notNull())
    .addColumn('max_impact', 'double precision', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_blocks_pk', ['term_id', 'last_id'])
    .execute();
  // A search reads every block's bounds of its words without their data.
  await db.schema
    .createIndex('search_blocks_bounds_idx')
    .on('search_blocks')
    .columns(['term_id', 'last_id', 'first_id', 'postings', 'max_impact'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_blocks').ifExists().execute();
  await db.schema.dropTable('search_term_kinds').ifExists().execute();
  await db.schema.dropTable('search_terms').ifExists().execute();
}
