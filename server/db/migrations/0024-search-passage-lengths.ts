import type { Kysely } from 'kysely';

/**
 * What BM25 needs without re-reading the text (decision 0028): each passage's length in tokens
 * (both columns count it: BM25's D is twice this), and, per frequent word of the head tier, the
 * passages holding it (its document frequency, for the IDF). Filled by the next index rebuild
 * (SEARCH_INDEX_VERSION 3), kept by every write after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_passages')
    .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('search_term_counts')
    .addColumn('passages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_term_counts').dropColumn('passages').execute();
  await db.schema.alterTable('search_passages').dropColumn('tokens').execute();
}
