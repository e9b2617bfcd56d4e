import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { toCount } from './count.ts';

/** Counts of the kinds that have no repository of their own yet (compilations). */
export function createCatalogRepository(db: Executor) {
  return {
    async countPublishedCompilations(): Promise<number> {
      const row = await db
        .selectFrom('compilations')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
