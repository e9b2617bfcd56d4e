import {
  MAX_PLAYLIST_ITEMS,
  MAX_PLAYLISTS,
  PLAYLIST_MESSAGES,
  type CreatePlaylist,
  type CreatePlaylistItems,
  type Playlist,
  type PlaylistItem,
  type UpdatePlaylist,
  type UpdatePlaylistItems,
} from '#common/contracts/playlist.schema.ts';
import { AppError } from '#server/errors.ts';
import { requireOwned } from '#server/policies/require.policy.ts';
import { presentPlaylist, presentPlaylistItem } from '#server/presenters/audio.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { PlaylistRow } from '#server/repositories/playlist.repository.ts';
import type { Transaction } from './service-context.ts';

/** Playlists of talks: each reader's own, reachable by no one else (others get 404). */
export function createPlaylistService(deps: { repos: Repositories; transaction: Transaction; now?: () => Date }) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function requireOwnedPlaylist(r: Repositories, userId: number, id: number): Promise<PlaylistRow> {
    return requireOwned(await r.playlists.findOwned(userId, id), PLAYLIST_MESSAGES.notFound);
  }

  return {
    async list(userId: number): Promise<Playlist[]> {
      return (await repos.playlists.listOf(userId)).map(presentPlaylist);
    },

    async get(userId: number, id: number): Promise<Playlist> {
      return presentPlaylist(await requireOwnedPlaylist(repos, userId, id));
    },

    async create(userId: number, input: CreatePlaylist): Promise<Playlist> {
      if ((await repos.playlists.countOf(userId)) >= MAX_PLAYLISTS)
        throw new AppError('CONFLICT', PLAYLIST_MESSAGES.tooMany);
      const at = now();
      const id = await repos.playlists.insert({
        user_id: userId,
        name: input.name,
        description: input.description || null,
        created_at: at,
        updated_at: at,
      });
      return this.get(userId, id);
    },

    async update(userId: number, input: UpdatePlaylist): Promise<Playlist> {
      await requireOwnedPlaylist(repos, userId, input.id);
      await repos.playlists.updateOwned(userId, input.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        updated_at: now(),
      });
      return this.get(userId, input.id);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repos.playlists.removeOwned(userId, id))) throw new AppError('NOT_FOUND', PLAYLIST_MESSAGES.notFound);
    },

    async items(userId: number, playlistId: number): Promise<PlaylistItem[]> {
      await requireOwnedPlaylist(repos, userId, playlistId);
      return (await repos.playlists.listItems(playlistId)).map(presentPlaylistItem);
    },

    /**
     * Adds talks to playlists, at their ends — all of them or none (one transaction). A talk
     * already in the playlist stays where it is.
     */
    async addItems(userId: number, input: CreatePlaylistItems): Promise<PlaylistItem[]> {
      const touched = await deps.transaction(async (r) => {
        const at = now();
        const playlists = new Set<number>();
        for (const { playlistId, audioId } of input.audioPlaylistItems) {
          await requireOwnedPlaylist(r, userId, playlistId);
          const talk = await r.talks.findTalkById(audioId);
          if (!talk || talk.status !== 'published') throw new AppError('NOT_FOUND', PLAYLIST_MESSAGES.talkNotFound);
          playlists.add(playlistId);
          if (await r.playlists.hasTalk(playlistId, audioId)) continue;
          if ((await r.playlists.itemIds(playlistId)).length >= MAX_PLAYLIST_ITEMS) {
            throw new AppError('CONFLICT', PLAYLIST_MESSAGES.tooManyItems);
          }
          await r.playlists.addItem(playlistId, audioId, (await r.playlists.maxPosition(playlistId)) + 1, at);
          await r.playlists.touch(playlistId, at);
        }
        return [...playlists];
      });
      const lists = await Promise.all(touched.map((id) => repos.playlists.listItems(id)));
      return lists.flat().map(presentPlaylistItem);
    },

    /** A new order: every item of the playlist, each once. */
    async reorder(userId: number, input: UpdatePlaylistItems): Promise<PlaylistItem[]> {
      await deps.transaction(async (r) => {
        await requireOwnedPlaylist(r, userId, input.playlistId);
        const current = new Set(await r.playlists.itemIds(input.playlistId));
        const wanted = new Set(input.itemIds);
        if (
          wanted.size !== input.itemIds.length ||
          wanted.size !== current.size ||
          ![...wanted].every((id) => current.has(id))
        ) {
          throw new AppError('VALIDATION_FAILED', PLAYLIST_MESSAGES.order, { itemIds: PLAYLIST_MESSAGES.order });
        }
        for (const [i, itemId] of input.itemIds.entries())
          await r.playlists.setPosition(input.playlistId, itemId, i + 1);
        await r.playlists.touch(input.playlistId, now());
      });
      return this.items(userId, input.playlistId);
    },

    async removeItem(userId: number, itemId: number): Promise<void> {
      const owned = await repos.playlists.findOwnedItem(userId, itemId);
      if (!owned) throw new AppError('NOT_FOUND', PLAYLIST_MESSAGES.itemNotFound);
      await repos.playlists.removeItem(itemId);
      await repos.playlists.touch(owned.playlist_id, now());
    },
  };
}

export type PlaylistService = ReturnType<typeof createPlaylistService>;
