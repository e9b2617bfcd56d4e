import type { Kysely } from 'kysely';

/**
 * The Markdown an article was written in (the administration's editor), kept beside the
 * sanitised HTML readers get; imported and demo articles have none (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('body_markdown', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('body_markdown').execute();
}
