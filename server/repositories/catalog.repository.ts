import { sql, type Selectable } from 'kysely';
import type { VideosTable } from '#server/db/schema.ts';
import type { Executor } from '#server/db/database.ts';
import { toCount } from './count.ts';

/** Counts of the kinds that have no repository of their own yet (videos, compilations). */
export function createCatalogRepository(db: Executor) {
  return {
    async findVideoById(id: number): Promise<Selectable<VideosTable> | undefined> {
      return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async listVideoIds(): Promise<number[]> {
      return (await db.selectFrom('videos').select('id').orderBy('id').execute()).map((r) => r.id);
    },
    /** The published videos among these ids, in no particular order. */
    async listPublishedVideosByIds(ids: number[]): Promise<Selectable<VideosTable>[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('videos').selectAll().where('id', 'in', ids).where('status', '=', 'published').execute();
    },
    async countPublishedVideos(): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },
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
