import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Note, NoteAnchor } from '#common/contracts/note.schema.ts';
import type { HighlightColor } from '#common/contracts/note.values.ts';
import { hasOptedIntoOffline, hasQueuedWrites } from '#app/lib/offline-opt-in.ts';
import type { OfflineNoteChange, PendingHighlight, PendingNoteChange } from '#app/lib/offline-write-queue.ts';
import { showToast } from '#app/lib/toast-store.ts';

/** What painting a highlight needs: saved notes, and highlights made offline that the server has not yet. */
export type PaintedNote = Pick<Note, 'id' | 'anchor' | 'color' | 'body' | 'content'>;

// The queue's code comes only when something is queued or was: never on a reader's first load.
export const loadQueue = () => import('#app/lib/offline-note-changes.ts');

type Queue = Awaited<ReturnType<typeof loadQueue>>;

/** The notes as the reader left them offline (the queue's code shows them; none waiting: as saved). */
const asSaved = (notes: Note[]) => notes;
const showingChanges = (queue: Queue, changes: Map<number, PendingNoteChange>) =>
  changes.size === 0 ? asSaved : (notes: Note[]) => queue.withNoteChanges(notes, changes);

// Highlights made offline are painted under negative ids: no saved note has one, none opens a panel.
const painted = (pending: PendingHighlight[]): PaintedNote[] =>
  pending.map((h, i) => ({ id: -1 - i, anchor: h.anchor, color: h.color, body: null, content: h.content }));

export type { OfflineNoteChange };

/**
 * Highlights made and notes changed or deleted without a network (decisions 0030 and 0039): kept
 * in the browser's queue, shown in their chapter until the server has them, then the chapter's
 * notes are loaded afresh. A logged-in reader's page loads the queue's code while online (a small
 * chunk, once the page is idle), so a highlight made after the network went still has it — even
 * on a device that never downloaded anything, whose service worker would otherwise not hold it.
 */
export function useOfflineHighlights(chapterCode: string, loggedIn: boolean) {
  const [pending, setPending] = useState<PaintedNote[]>([]);
  const [withChanges, setWithChanges] = useState(() => asSaved);
  // The saved notes whose change waits to be sent: marked as waiting, as the highlights made offline.
  const [changedIds, setChangedIds] = useState<ReadonlySet<number>>(new Set());
  const revalidator = useRevalidator();
  // Whether this page shows writes still waiting: the service worker's Background Sync may send
  // them before the page's `online` listener runs, and the page must then load its notes again.
  const showsWaiting = useRef(false);
  useEffect(() => {
    if (!loggedIn) return;
    // Nothing waits yet: only keep the queue's code at hand for when the network goes.
    const waiting = hasOptedIntoOffline() || hasQueuedWrites();
    if (!waiting && navigator.onLine) {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
      idle(() => void loadQueue().catch(() => undefined));
    }
    let live = true;
    const refresh = async () => {
      const queue = await loadQueue();
      const list = painted(await queue.pendingHighlightsOf(chapterCode));
      const noteChanges = await queue.pendingNoteChanges();
      showsWaiting.current = list.length > 0 || noteChanges.size > 0;
      if (live) {
        setPending(list);
        setWithChanges(() => showingChanges(queue, noteChanges));
        setChangedIds(new Set(noteChanges.keys()));
      }
      return queue;
    };
    // With a network, what waits goes to the server; what arrived comes back as the chapter's notes.
    const send = async () => {
      if (!navigator.onLine || (!hasQueuedWrites() && !showsWaiting.current)) return;
      const result = hasQueuedWrites() ? await (await loadQueue()).replayWrites() : { sent: 0, refused: [] };
      for (const reason of result.refused)
        showToast(`Một thay đổi làm khi không có mạng không lưu được: ${reason}`, 'error');
      if (result.sent > 0 || result.refused.length > 0 || showsWaiting.current) await revalidator.revalidate();
      await refresh();
    };
    const online = () => void send().catch(() => undefined);
    window.addEventListener('online', online);
    // A write made on this page after it loaded is sent by the `online` listener.
    if (waiting)
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
      // Shown as waiting: if the worker's Background Sync sends it first, `online` still reloads the notes.
      showsWaiting.current = true;
      showToast('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.', 'success');
    } catch {
      showToast('Không có mạng: chưa lưu được đánh dấu này.', 'error');
    }
  };
  /** Keeps a note's change or deletion made offline, with its time: the newest change wins. */
  const keepNoteChange = async (change: OfflineNoteChange): Promise<void> => {
    try {
      const queue = await loadQueue();
      const noteChanges = await queue.keepNoteChange(change);
      showsWaiting.current = true;
      setWithChanges(() => showingChanges(queue, noteChanges));
      setChangedIds(new Set(noteChanges.keys()));
    } catch {
      showToast('Không có mạng: chưa lưu được thay đổi này.', 'error');
    }
  };
  /** Whether a painted note waits to be sent: made offline (negative id) or changed offline. */
  return { pending, withChanges, isWaiting: (id: number) => id < 0 || changedIds.has(id), keep, keepNoteChange };
}
