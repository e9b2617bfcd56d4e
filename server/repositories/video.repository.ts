import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { VideosTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type VideoRow = Selectable<VideosTable>;
export type NewVideo = Insertable<VideosTable>;

/** Videos: YouTube items (shown behind a facade) and self-hosted MP4 files. */
export function createVideoRepository(db: Executor) {
  return {
    async insert(video: NewVideo): Promise<number> {
      const { id } = await db.insertInto('videos').values(video).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** The video with this id in any state (for the search index), or undefined. */
    async findById(id: number): Promise<VideoRow | undefined> {
      return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findPublishedBySlug(slug: string): Promise<VideoRow | undefined> {
      return db
        .selectFrom('videos')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 'published')
        .executeTakeFirst();
    },

    /** Every published video, newest first (a library holds hundreds, not millions: filtered in the service). */
    async listPublished(): Promise<VideoRow[]> {
      return db
        .selectFrom('videos')
        .selectAll()
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Every video in any state, newest first (the administration). */
    async listAll(): Promise<VideoRow[]> {
      return db.selectFrom('videos').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
    },

    async findIdBySlug(slug: string): Promise<number | undefined> {
      return (await db.selectFrom('videos').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
    },

    async update(id: number, changes: Partial<NewVideo>): Promise<void> {
      await db.updateTable('videos').set(changes).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('videos').where('id', '=', id).execute();
    },

    async listIds(): Promise<number[]> {
      return (await db.selectFrom('videos').select('id').orderBy('id').execute()).map((r) => r.id);
    },

    /** The published videos among these ids, in no particular order. */
    async listPublishedByIds(ids: number[]): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('videos').selectAll().where('id', 'in', ids).where('status', '=', 'published').execute();
    },

    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
