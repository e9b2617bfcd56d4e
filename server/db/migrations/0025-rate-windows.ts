import type { Kysely } from 'kysely';

/**
 * Counters of attempts shared by every app process (docs/decisions/0029): the login and sign-up
 * limit per address and the wrong passwords per account lived in each process's memory, so N
 * processes allowed N times the limit. Times are milliseconds since 1970 (bigint); a row past
 * `expires_at` counts as absent and is deleted by the next prune.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // The window's first attempt (address limits) or the last failure (account delays).
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_windows_expires_idx').on('rate_windows').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_windows').execute();
}
