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
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
