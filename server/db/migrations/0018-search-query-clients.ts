import type { Kysely } from 'kysely';

/**
 * Who has already been counted for a query on a day, so the public "most searched" list counts
 * each client once a day however often it repeats itself. The client is a hash
 * (server/services/search.service.ts), never an address or an account id; old days are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_query_clients')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_query_clients_once_idx')
    .on('search_query_clients')
    .columns(['day', 'query', 'client_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_query_clients').ifExists().execute();
}
