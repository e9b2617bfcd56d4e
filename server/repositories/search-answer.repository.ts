import type { Executor } from '#server/db/database.ts';

/** Stored answers of expensive queries, each valid for one generation of the search index. */
export function createSearchAnswerRepository(db: Executor) {
  return {
    /** The stored answer for `key` at this generation, or null. */
    async find(key: string, generation: number): Promise<string | null> {
      const row = await db
        .selectFrom('search_answers')
        .select('answer')
        .where('key', '=', key)
        .where('generation', '=', generation)
        .executeTakeFirst();
      return row?.answer ?? null;
    },
    async save(key: string, generation: number, answer: string, at: string): Promise<void> {
      await db
        .insertInto('search_answers')
        .values({ key, generation, answer, created_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ generation, answer, created_at: at }))
        .execute();
    },
    /** Forgets answers of older generations; returns how many. */
    async removeStale(generation: number): Promise<number> {
      const result = await db.deleteFrom('search_answers').where('generation', '<>', generation).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
