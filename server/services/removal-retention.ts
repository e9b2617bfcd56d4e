import { OFFLINE_WRITE_MAX_AGE_DAYS, REMOVALS_PRUNE_EVERY_MS, REMOVED_NOTE_KEEP_DAYS } from '#common/constants.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';

const DAY_MS = 86_400_000;

/**
 * What the server keeps of a reader's removals, and how long (decision 0049, SECURITY.md): a
 * removal's time for OFFLINE_WRITE_MAX_AGE_DAYS (a change made offline before it, sent later,
 * must lose to it; an older change is refused anyway), a deleted note's words for
 * REMOVED_NOTE_KEEP_DAYS (an edit made offline may bring the note back). Then they are deleted,
 * by every process on its own timer: the statements are idempotent, so processes sharing one
 * database may run them at once.
 */
export function createRemovalRetention(deps: { repos: Repositories; logger: Logger; now?: () => Date }) {
  async function prune(): Promise<{ deleted: number; emptied: number }> {
    const now = (deps.now?.() ?? new Date()).getTime();
    return deps.repos.removals.prune({
      removedBefore: new Date(now - OFFLINE_WRITE_MAX_AGE_DAYS * DAY_MS).toISOString(),
      rowsBefore: new Date(now - REMOVED_NOTE_KEEP_DAYS * DAY_MS).toISOString(),
    });
  }

  return {
    prune,
    /** Prunes now and then every `everyMs` until the returned function is called; failures are logged. */
    start(everyMs = REMOVALS_PRUNE_EVERY_MS): () => void {
      const run = () =>
        void prune().then(
          (pruned) => {
            if (pruned.deleted + pruned.emptied > 0) deps.logger.info(pruned, 'old removals pruned');
          },
          (error: unknown) => deps.logger.warn({ err: error }, 'old removals not pruned: tried again later'),
        );
      run();
      const timer = setInterval(run, everyMs);
      // The timer alone never keeps a process (or a test) alive.
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type RemovalRetention = ReturnType<typeof createRemovalRetention>;
