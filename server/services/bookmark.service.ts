import {
  BOOKMARK_MESSAGES,
  MAX_BOOKMARKS_PER_TALK,
  type Bookmark,
  type CreateBookmark,
  type UpdateBookmark,
} from '#common/contracts/bookmark.schema.ts';
import { formatClock } from '#common/clock.ts';
import { AppError } from '#server/errors.ts';
import { requireOwned } from '#server/policies/require.policy.ts';
import { presentBookmark } from '#server/presenters/audio.presenter.ts';
import type { BookmarkRow } from '#server/repositories/bookmark.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** Bookmarks in talks: each reader's own; others get 404. */
export function createBookmarkService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  /** A change time from a device, never later than now (a clock running ahead must not win forever). */
  const changeTime = (changedAt: string) => new Date(Math.min(Date.parse(changedAt), Date.parse(now()))).toISOString();

  async function requireTalk(talkId: number) {
    const talk = await repos.talks.findTalkById(talkId);
    if (!talk || talk.status !== 'published') throw new AppError('NOT_FOUND', BOOKMARK_MESSAGES.talkNotFound);
    return talk;
  }

  /** Keeps when a bookmark went, with the id its browser made (decision 0049). */
  const recordRemoval = (userId: number, bookmark: BookmarkRow, at: string) =>
    repos.removals.record({
      user_id: userId,
      kind: 'talk-bookmark',
      item_id: bookmark.id,
      client_id: bookmark.client_id,
      removed_at: at,
    });

  function requireWithin(time: number, duration: number) {
    if (time > duration)
      throw new AppError('VALIDATION_FAILED', BOOKMARK_MESSAGES.beyondEnd, { time: BOOKMARK_MESSAGES.beyondEnd });
  }

  return {
    async list(userId: number, talkId: number): Promise<Bookmark[]> {
      await requireTalk(talkId);
      return (await repos.bookmarks.listOf(userId, talkId)).map(presentBookmark);
    },

    async create(userId: number, input: CreateBookmark): Promise<Bookmark> {
      const talk = await requireTalk(input.audioId);
      requireWithin(input.time, talk.duration_seconds);
      if ((await repos.bookmarks.countOf(userId, talk.id)) >= MAX_BOOKMARKS_PER_TALK) {
        throw new AppError('CONFLICT', BOOKMARK_MESSAGES.tooMany);
      }
      const at = now();
      const row = await repos.bookmarks.insert({
        user_id: userId,
        talk_id: talk.id,
        time_ms: Math.round(input.time * 1000),
        label: input.label || `Dấu ${formatClock(input.time)}`,
        created_at: at,
        updated_at: at,
      });
      return presentBookmark(row);
    },

    /**
     * A bookmark added offline at `changedAt` (decision 0039): made once per browser-made id; sent
     * again, the bookmark made the first time is the answer, or nothing when it was removed since
     * (on any device: decision 0049). It carries the time it was added, so a removal made before
     * that loses to it.
     */
    async createOnce(
      userId: number,
      input: CreateBookmark,
      clientId: string,
      changedAt: string,
    ): Promise<{ applied: boolean; bookmark?: Bookmark }> {
      const made = await repos.bookmarks.findOwnedByClientId(userId, clientId);
      if (made) return { applied: true, bookmark: presentBookmark(made) };
      if (await repos.removals.find(userId, 'talk-bookmark', { clientId })) return { applied: false };
      const talk = await requireTalk(input.audioId);
      requireWithin(input.time, talk.duration_seconds);
      if ((await repos.bookmarks.countOf(userId, talk.id)) >= MAX_BOOKMARKS_PER_TALK) {
        throw new AppError('CONFLICT', BOOKMARK_MESSAGES.tooMany);
      }
      const at = changeTime(changedAt);
      try {
        const row = await repos.bookmarks.insert({
          user_id: userId,
          talk_id: talk.id,
          time_ms: Math.round(input.time * 1000),
          label: input.label || `Dấu ${formatClock(input.time)}`,
          client_id: clientId,
          created_at: at,
          updated_at: at,
        });
        return { applied: true, bookmark: presentBookmark(row) };
      } catch (error) {
        // The same write sent twice at once (two tabs): the unique index let one through.
        const winner = await repos.bookmarks.findOwnedByClientId(userId, clientId);
        if (winner) return { applied: true, bookmark: presentBookmark(winner) };
        throw error;
      }
    },

    /**
     * A removal made offline at `changedAt` (decision 0039), of a bookmark known by its id or, when
     * it was added offline too, by its browser-made id. It stays when it changed later on the
     * server. Absent or another reader's: 404, which the browser takes as done (sent twice, it
     * removes once).
     */
    async removeAsOf(
      userId: number,
      target: { id: number } | { clientId: string },
      changedAt: string,
    ): Promise<{ applied: boolean }> {
      const bookmark = requireOwned(
        'id' in target
          ? await repos.bookmarks.findOwned(userId, target.id)
          : await repos.bookmarks.findOwnedByClientId(userId, target.clientId),
        BOOKMARK_MESSAGES.notFound,
      );
      const at = changeTime(changedAt);
      if (Date.parse(bookmark.updated_at) > Date.parse(at)) return { applied: false };
      await repos.bookmarks.removeOwned(userId, bookmark.id);
      await recordRemoval(userId, bookmark, at);
      return { applied: true };
    },

    async update(userId: number, input: UpdateBookmark): Promise<Bookmark> {
      const current = requireOwned(await repos.bookmarks.findOwned(userId, input.id), BOOKMARK_MESSAGES.notFound);
      if (input.time !== undefined) requireWithin(input.time, (await requireTalk(current.talk_id)).duration_seconds);
      const row = await repos.bookmarks.updateOwned(userId, input.id, {
        ...(input.time !== undefined ? { time_ms: Math.round(input.time * 1000) } : {}),
        ...(input.label !== undefined ? { label: input.label || current.label } : {}),
        updated_at: now(),
      });
      if (!row) throw new AppError('NOT_FOUND', BOOKMARK_MESSAGES.notFound);
      return presentBookmark(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      const bookmark = requireOwned(await repos.bookmarks.findOwned(userId, id), BOOKMARK_MESSAGES.notFound);
      if (!(await repos.bookmarks.removeOwned(userId, id))) throw new AppError('NOT_FOUND', BOOKMARK_MESSAGES.notFound);
      await recordRemoval(userId, bookmark, now());
    },
  };
}

export type BookmarkService = ReturnType<typeof createBookmarkService>;
