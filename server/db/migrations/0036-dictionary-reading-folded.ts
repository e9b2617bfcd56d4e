import type { Kysely } from 'kysely';
import { indexForms } from '#common/text/search-tokens.ts';

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
  // Entries imported before: one UPDATE per distinct reading.
  const typed = db as unknown as Kysely<{
    dictionary_entries: { reading: string | null; reading_folded: string | null };
  }>;
  const readings = await typed
    .selectFrom('dictionary_entries')
    .select('reading')
    .distinct()
    .where('reading', 'is not', null)
    .execute();
  for (const { reading } of readings) {
    await typed
      .updateTable('dictionary_entries')
      .set({ reading_folded: indexForms(reading!).folded || null })
      .where('reading', '=', reading)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dictionary_entries_reading_folded_idx').ifExists().execute();
  await db.schema.alterTable('dictionary_entries').dropColumn('reading_folded').execute();
}
