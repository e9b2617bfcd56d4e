import type { Kysely } from 'kysely';

/**
 * A video carries the poster we serve as its thumbnail (YouTube items too: no request to a third
 * party before the reader presses play), an optional WebVTT transcript, and its licence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'thumbnail_file',
    'transcript_file',
    'license_spdx',
    'license_name',
    'license_url',
    'license_attribution',
  ]) {
    await db.schema.alterTable('videos').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('videos_status_published_idx').on('videos').columns(['status', 'published_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_status_published_idx').ifExists().execute();
  for (const column of [
    'license_attribution',
    'license_url',
    'license_name',
    'license_spdx',
    'transcript_file',
    'thumbnail_file',
  ]) {
    await db.schema.alterTable('videos').dropColumn(column).execute();
  }
}
