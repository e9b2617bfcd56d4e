import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';

/**
 * The index's generation: a counter in `meta`, moved on by every write to the index in the same
 * transaction, so an answer stored under an older generation is known to be stale.
 */
const KEY = 'search_generation';

export async function bumpGeneration(db: Executor): Promise<void> {
  const updated =
    await sql`UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = ${KEY}`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) === 0) {
    await db.insertInto('meta').values({ key: KEY, value: '1' }).execute();
  }
}

export async function readGeneration(db: Executor): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}
