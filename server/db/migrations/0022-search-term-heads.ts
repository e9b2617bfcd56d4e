import type { Kysely } from 'kysely';

/**
 * The head tier of search (server/search/term-heads.ts): for each frequent word (exact or folded
 * form), the items where it weighs most, best first, and how many items of each kind hold it. A
 * one-word search of a common word reads its first rows instead of ranking every match. Kept in
 * the same transaction as the passages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per frequent word, form and kind: items holding the word (exact), and the ceiling of
  // the items not listed in search_term_heads (0 when every item is listed).
  await db.schema
    .createTable('search_term_counts')
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('ceiling', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_term_counts_pk', ['form', 'term', 'kind'])
    .execute();
  // The best items of each frequent word and kind: the item's best passage's weight for the word.
  await db.schema
    .createTable('search_term_heads')
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('item_key', 'bigint', (c) => c.notNull())
    .addColumn('impact', 'double precision', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_term_heads_pk', ['form', 'term', 'kind', 'item_key'])
    .execute();
  await db.schema
    .createIndex('search_term_heads_order_idx')
    .on('search_term_heads')
    .columns(['form', 'term', 'kind', 'impact desc', 'item_key'])
    .execute();
  await db.schema.createIndex('search_term_heads_item_idx').on('search_term_heads').column('item_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_term_heads').ifExists().execute();
  await db.schema.dropTable('search_term_counts').ifExists().execute();
}
