import type { Kysely } from 'kysely';

/**
 * A plain Vietnamese meaning for each liturgical quote: the passage of the day shows it first, so
 * a reader understands what the Hán-Việt reading and the Pali chant (data/demo/quote-meanings.json).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('meaning', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').dropColumn('meaning').execute();
}
