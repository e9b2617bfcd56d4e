import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';

/** Small key/value facts about the installation (for example when the demo content was imported). */
export function createMetaRepository(db: Executor) {
  return {
    async get(key: string): Promise<string | null> {
      const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value ?? null;
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insertInto('meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    /** The cheapest round trip to the database (readiness: GET /readyz). */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    /** Where the content generation stands (migration 0019 moves it on; the page cache reads it). */
    async readContentGeneration(): Promise<number> {
      const row = await db.selectFrom('content_generation').select('value').where('id', '=', 1).executeTakeFirst();
      return Number(row?.value ?? 0);
    },
  };
}
