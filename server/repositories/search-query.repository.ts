import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';

export interface QueryCountRow {
  query: string;
  count: number;
  last_searched_at: string;
}

/** How often each normalised query was searched: an aggregate with nothing about who searched. */
export function createSearchQueryRepository(db: Executor) {
  return {
    /**
     * Notes that `clientKey` searched `query` on `day`; false when it already had (then the
     * search is not counted again).
     */
    async markClient(day: string, query: string, clientKey: string): Promise<boolean> {
      const result = await db
        .insertInto('search_query_clients')
        .values({ day, query, client_key: clientKey })
        .onConflict((oc) => oc.columns(['day', 'query', 'client_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Forgets the clients of days before `day`. */
    async forgetClientsBefore(day: string): Promise<void> {
      await db.deleteFrom('search_query_clients').where('day', '<', day).execute();
    },
    async record(query: string, at: string): Promise<void> {
      await db
        .insertInto('search_query_counts')
        .values({ query, count: 1, last_searched_at: at })
        .onConflict((oc) =>
          oc.column('query').doUpdateSet({ count: sql`search_query_counts.count + 1`, last_searched_at: at }),
        )
        .execute();
    },
    /** The most searched queries searched at least `minCount` times, most first (ties: most recent). */
    async listTop(limit: number, minCount: number): Promise<QueryCountRow[]> {
      const rows = await db
        .selectFrom('search_query_counts')
        .selectAll()
        .where('count', '>=', minCount)
        .orderBy('count', 'desc')
        .orderBy('last_searched_at', 'desc')
        .orderBy('query')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
  };
}
