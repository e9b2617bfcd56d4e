import { type Kysely, sql } from 'kysely';
import { indexForms } from '#common/text/search-tokens.ts';

/** Entries filled per UPDATE (two bound parameters each, one more for the IN list). */
const BATCH = 500;

/**
 * A Vietnamese term selected in a chapter ("Bát nhã", "bat nha", "Ba-la-mật-đa") is looked up by the
 * Hán-Việt reading of the imported entries. Neither engine folds Vietnamese the way search does
 * (common/text/search-tokens.ts), so each entry keeps its reading in search's folded form (no marks,
 * đ → d, one space between words), indexed; the exact form is compared on the few rows found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dictionary_entries').addColumn('reading_folded', 'text').execute();
  await db.schema
    .createIndex('dictionary_entries_reading_folded_idx')
    .on('dictionary_entries')
    .column('reading_folded')
    .execute();
  // Entries imported before: filled by id, a batch per statement (`reading` has no index to go by).
  const typed = db as unknown as Kysely<{ dictionary_entries: { id: number; reading: string | null } }>;
  const rows = await typed
    .selectFrom('dictionary_entries')
    .select(['id', 'reading'])
    .where('reading', 'is not', null)
    .orderBy('id')
    .execute();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const cases = batch.map((r) => sql`WHEN ${r.id} THEN ${indexForms(r.reading!).folded || null}`);
    await sql`UPDATE dictionary_entries SET reading_folded = CASE id ${sql.join(cases, sql` `)} END
      WHERE id IN (${sql.join(batch.map((r) => r.id))})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dictionary_entries_reading_folded_idx').ifExists().execute();
  await db.schema.alterTable('dictionary_entries').dropColumn('reading_folded').execute();
}
