import type { PlaybackEntry } from '#common/playback.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** The playback record on the server (the browser keeps its own copy for anonymous listeners). */
export function createPlaybackService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  return {
    async list(userId: number): Promise<PlaybackEntry[]> {
      return (await repos.playback.list(userId)).map((r) => ({ code: r.code, currentTime: r.position_ms / 1000 }));
    },
    /** Updates the entry of this code, or adds one. */
    async setCurrentTime(userId: number, code: string, currentTime: number): Promise<PlaybackEntry[]> {
      await repos.playback.set(
        userId,
        code,
        Math.round(currentTime * 1000),
        (deps.now?.() ?? new Date()).toISOString(),
      );
      return this.list(userId);
    },
    /**
     * Where a talk stopped, as of `changedAt` (offline, decision 0039): kept unless the account has a
     * later place for it.
     */
    async setCurrentTimeAsOf(
      userId: number,
      code: string,
      currentTime: number,
      changedAt: string,
    ): Promise<{ applied: boolean }> {
      const known = await repos.playback.updatedAtOf(userId, code);
      // A tie (the same millisecond) goes to the offline write, as for notes: replayed, it sets the same.
      if (known && Date.parse(known) > Date.parse(changedAt)) return { applied: false };
      const now = deps.now?.() ?? new Date();
      const at = Date.parse(changedAt) > now.getTime() ? now.toISOString() : changedAt;
      await repos.playback.set(userId, code, Math.round(currentTime * 1000), at);
      return { applied: true };
    },
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
