import type { Kysely } from 'kysely';

/** A talk carries its licence and source like books and articles (the demo talks are CC BY-SA or Unlicense). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audio_talks').addColumn('license_spdx', 'text').execute();
  await db.schema.alterTable('audio_talks').addColumn('license_name', 'text').execute();
  await db.schema.alterTable('audio_talks').addColumn('license_url', 'text').execute();
  await db.schema.alterTable('audio_talks').addColumn('license_attribution', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['license_attribution', 'license_url', 'license_name', 'license_spdx']) {
    await db.schema.alterTable('audio_talks').dropColumn(column).execute();
  }
}
