import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Note, NoteAnchor } from '#common/contracts/note.schema.ts';
import type { HighlightColor } from '#common/contracts/note.values.ts';
import { hasOptedIntoOffline, hasQueuedWrites } from '#app/lib/offline-opt-in.ts';
import type { PendingHighlight } from '#app/lib/offline-write-queue.ts';
import { showToast } from '#app/lib/toast-store.ts';

/** What painting a highlight needs: saved notes, and highlights made offline that the server has not yet. */
export type PaintedNote = Pick<Note, 'id' | 'anchor' | 'color' | 'body' | 'content'>;

// The queue's code comes only when something is queued or was: never on a reader's first load.
const loadQueue = () => import('#app/lib/offline-write-queue.ts');

// Highlights made offline are painted under negative ids: no saved note has one, none opens a panel.
const painted = (pending: PendingHighlight[]): PaintedNote[] =>
  pending.map((h, i) => ({ id: -1 - i, anchor: h.anchor, color: h.color, body: null, content: h.content }));

/**
 * Highlights made without a network (decision 0030): kept in the browser's queue, painted in their
 * chapter until the server has them, then the chapter's notes are loaded afresh.
 */
export function useOfflineHighlights(chapterCode: string, loggedIn: boolean) {
  const [pending, setPending] = useState<PaintedNote[]>([]);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!loggedIn || !(hasOptedIntoOffline() || hasQueuedWrites())) return;
    let live = true;
    const refresh = async () => {
      const queue = await loadQueue();
      const list = painted(await queue.pendingHighlightsOf(chapterCode));
      if (live) setPending(list);
      return queue;
    };
    // With a network, what waits goes to the server; what arrived comes back as the chapter's notes.
    const send = async () => {
      if (!navigator.onLine || !hasQueuedWrites()) return;
      const result = await (await loadQueue()).replayWrites();
      for (const reason of result.refused)
        showToast(`Một đánh dấu làm khi không có mạng không lưu được: ${reason}`, 'error');
      if (result.sent > 0 || result.refused.length > 0) await revalidator.revalidate();
      await refresh();
    };
    const online = () => void send().catch(() => undefined);
    window.addEventListener('online', online);
    void refresh()
      .then(send)
      .catch(() => undefined);
    return () => {
      live = false;
      window.removeEventListener('online', online);
    };
    // revalidator changes identity with its state; the listener only needs the latest through closure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapterCode, loggedIn]);

  /** Keeps a highlight made offline until the network returns. */
  const keep = async (highlight: {
    bookCode: string;
    color: HighlightColor;
    anchor: NoteAnchor;
    noteGroupId: number | null;
  }): Promise<void> => {
    try {
      const queue = await loadQueue();
      const { anchor, color, bookCode, noteGroupId } = highlight;
      await queue.queueWrite({
        kind: 'highlight',
        clientId: crypto.randomUUID(),
        note: { bookCode, chapterCode, anchor, color, content: anchor.exact, noteGroupId },
      });
      setPending(painted(await queue.pendingHighlightsOf(chapterCode)));
      showToast('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.', 'success');
    } catch {
      showToast('Không có mạng: chưa lưu được đánh dấu này.', 'error');
    }
  };
  return { pending, keep };
}
