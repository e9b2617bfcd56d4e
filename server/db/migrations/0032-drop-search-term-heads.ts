import type { Kysely } from 'kysely';
import { up as createHeads } from './0022-search-term-heads.ts';

/**
 * The head tier of search (decisions 0018, 0042) is retired: the postings index (migration 0031,
 * decision 0047) answers every search of the library, its bounds per block tighter than the
 * heads' per item, and keeps each word's passages (BM25's n) that search_term_counts kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_term_heads').ifExists().execute();
  await db.schema.dropTable('search_term_counts').ifExists().execute();
}

/** The tables as migrations 0022 and 0024 made them, empty: the next index rebuild would fill them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await createHeads(db);
  await db.schema
    .alterTable('search_term_counts')
    .addColumn('passages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
