import type { Kysely } from 'kysely';

/**
 * The Markdown a chapter was written in (the administration's editor), kept beside the
 * sanitised HTML readers get, so an editor reopens their own text rather than HTML. Imported
 * chapters have none (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chapters').addColumn('body_markdown', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chapters').dropColumn('body_markdown').execute();
}
