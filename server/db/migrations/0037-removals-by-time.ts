import type { Kysely } from 'kysely';

/**
 * Removals older than the window a change made offline may still arrive in are deleted by the
 * server on a timer, and a deleted note's words sooner (decision 0049): both look rows up by their
 * time alone, across every reader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('removals_removed_at_idx').on('removals').column('removed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('removals_removed_at_idx').ifExists().execute();
}
