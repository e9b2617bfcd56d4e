import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { PlaylistsTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';
import type { TalkRow } from './talk.repository.ts';

export type PlaylistRow = Selectable<PlaylistsTable> & { item_count: number; total_seconds: number };
export interface PlaylistItemRow {
  id: number;
  position: number;
  talk: TalkRow;
}

/** Readers' playlists and their items. Every query is scoped by the owner. */
export function createPlaylistRepository(db: Executor) {
  const withCounts = () =>
    db
      .selectFrom('playlists')
      .selectAll('playlists')
      .select((eb) => [
        eb
          .selectFrom('playlist_items')
          .innerJoin('audio_talks', 'audio_talks.id', 'playlist_items.talk_id')
          .select(eb.fn.countAll().as('n'))
          .whereRef('playlist_items.playlist_id', '=', 'playlists.id')
          .where('audio_talks.status', '=', 'published')
          .as('item_count'),
        eb
          .selectFrom('playlist_items')
          .innerJoin('audio_talks', 'audio_talks.id', 'playlist_items.talk_id')
          .select(sql<string | number>`sum(audio_talks.duration_seconds)`.as('s'))
          .whereRef('playlist_items.playlist_id', '=', 'playlists.id')
          .where('audio_talks.status', '=', 'published')
          .as('total_seconds'),
      ]);
  const toRow = (row: Selectable<PlaylistsTable> & { item_count: unknown; total_seconds: unknown }): PlaylistRow => ({
    ...row,
    item_count: toCount(row.item_count as string | number | null),
    total_seconds: toCount(row.total_seconds as string | number | null),
  });

  return {
    async listOf(userId: number): Promise<PlaylistRow[]> {
      const rows = await withCounts()
        .where('playlists.user_id', '=', userId)
        .orderBy('playlists.created_at', 'desc')
        .orderBy('playlists.id', 'desc')
        .execute();
      return rows.map(toRow);
    },
    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async findOwned(userId: number, id: number): Promise<PlaylistRow | undefined> {
      const row = await withCounts()
        .where('playlists.id', '=', id)
        .where('playlists.user_id', '=', userId)
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(row: Insertable<PlaylistsTable>): Promise<number> {
      const { id } = await db.insertInto('playlists').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async updateOwned(
      userId: number,
      id: number,
      changes: { name?: string; description?: string | null; updated_at: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('playlists')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async removeOwned(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('playlists')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The published talks of a playlist, in its order. */
    async listItems(playlistId: number): Promise<PlaylistItemRow[]> {
      const rows = await db
        .selectFrom('playlist_items')
        .innerJoin('audio_talks', 'audio_talks.id', 'playlist_items.talk_id')
        .selectAll('audio_talks')
        .select(['playlist_items.id as item_id', 'playlist_items.position as item_position'])
        .where('playlist_items.playlist_id', '=', playlistId)
        .where('audio_talks.status', '=', 'published')
        .orderBy('playlist_items.position')
        .orderBy('playlist_items.id')
        .execute();
      return rows.map(({ item_id, item_position, ...talk }) => ({ id: item_id, position: item_position, talk }));
    },
    async itemIds(playlistId: number): Promise<number[]> {
      const rows = await db.selectFrom('playlist_items').select('id').where('playlist_id', '=', playlistId).execute();
      return rows.map((r) => r.id);
    },
    async maxPosition(playlistId: number): Promise<number> {
      const row = await db
        .selectFrom('playlist_items')
        .select(sql<string | number | null>`max(position)`.as('p'))
        .where('playlist_id', '=', playlistId)
        .executeTakeFirst();
      return row?.p === null || row?.p === undefined ? 0 : Number(row.p);
    },
    async hasTalk(playlistId: number, talkId: number): Promise<boolean> {
      const row = await db
        .selectFrom('playlist_items')
        .select('id')
        .where('playlist_id', '=', playlistId)
        .where('talk_id', '=', talkId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async addItem(playlistId: number, talkId: number, position: number, at: string): Promise<void> {
      await db
        .insertInto('playlist_items')
        .values({ playlist_id: playlistId, talk_id: talkId, position, created_at: at })
        .execute();
    },
    async setPosition(playlistId: number, itemId: number, position: number): Promise<void> {
      await db
        .updateTable('playlist_items')
        .set({ position })
        .where('id', '=', itemId)
        .where('playlist_id', '=', playlistId)
        .execute();
    },
    /** The playlist an item belongs to, when it is one of the reader's. */
    async findOwnedItem(userId: number, itemId: number): Promise<{ playlist_id: number } | undefined> {
      return db
        .selectFrom('playlist_items')
        .innerJoin('playlists', 'playlists.id', 'playlist_items.playlist_id')
        .select('playlist_items.playlist_id')
        .where('playlist_items.id', '=', itemId)
        .where('playlists.user_id', '=', userId)
        .executeTakeFirst();
    },
    async removeItem(itemId: number): Promise<void> {
      await db.deleteFrom('playlist_items').where('id', '=', itemId).execute();
    },
    async touch(playlistId: number, at: string): Promise<void> {
      await db.updateTable('playlists').set({ updated_at: at }).where('id', '=', playlistId).execute();
    },
  };
}
