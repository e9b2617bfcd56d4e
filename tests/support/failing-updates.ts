import { sql } from 'kysely';
import type { Database } from '#server/db/database.ts';

/**
 * Makes every UPDATE of `table` fail inside the database (a trigger that raises), on either engine:
 * a real failure in the middle of a service's transaction, with no stand-in for the service.
 * Returns what takes the trigger away again.
 */
export async function failUpdatesOf(database: Database, table: string): Promise<() => Promise<void>> {
  const name = sql.id(`test_fail_updates_of_${table}`);
  if (database.dialect === 'sqlite') {
    await sql`create trigger ${name} before update on ${sql.table(table)} begin select raise(abort, 'failed on purpose by a test'); end`.execute(
      database.db,
    );
    return async () => {
      await sql`drop trigger ${name}`.execute(database.db);
    };
  }
  await sql`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'failed on purpose by a test'; end $$`.execute(
    database.db,
  );
  await sql`create trigger ${name} before update on ${sql.table(table)} for each row execute function ${name}()`.execute(
    database.db,
  );
  return async () => {
    await sql`drop trigger ${name} on ${sql.table(table)}`.execute(database.db);
    await sql`drop function ${name}()`.execute(database.db);
  };
}
