import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Migrations run on SQLite and PostgreSQL; the few differences live here. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key `id` on either engine. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** created_at / updated_at as ISO-8601 text. */
export function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

/** The licence and provenance every imported work carries. */
export function withLicense<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('license_spdx', 'text', (c) => c.notNull())
    .addColumn('license_name', 'text', (c) => c.notNull())
    .addColumn('license_url', 'text', (c) => c.notNull())
    .addColumn('license_attribution', 'text')
    .addColumn('license_note', 'text')
    .addColumn('source_url', 'text');
}
