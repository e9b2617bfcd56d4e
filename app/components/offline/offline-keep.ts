import { formatClock } from '#common/clock.ts';
import type { Bookmark } from '#common/contracts/bookmark.schema.ts';
import { QUEUE_CHANGED_EVENT } from '#app/lib/offline-opt-in.ts';
import { queuedWrites, queueWrite, replayWrites } from '#app/lib/offline-write-queue.ts';
import { showToast } from '#app/lib/toast-store.ts';

/**
 * What pages of the first-load budgets keep offline (decision 0039), loaded on first use so they
 * carry none of it: the talk page's bookmarks, the "Lưu sách" button, what of them still waits
 * (read by `useWaitingWrites`, decision 0049), and the sending of the queue from any page when the
 * network is there (`sendQueuedWrites` in app/entry.client.tsx). Apart from the queue, which the
 * service worker carries.
 */

// The worker's Background Sync sends the queue too, with no page's doing: it says so to open pages,
// whose parts showing what waited read the queue again (`useWaitingWrites`).
navigator.serviceWorker?.addEventListener('message', (event) => {
  if (event.data === QUEUE_CHANGED_EVENT) window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
});

/** Sends what waits and says what the server refused for good (the write is then dropped). */
export async function sendWaitingWrites(): Promise<void> {
  const { refused } = await replayWrites();
  for (const reason of refused) showToast(`Một thay đổi làm khi không có mạng không lưu được: ${reason}`, 'error');
}

/**
 * Bookmarks added offline are shown under negative ids until the server has them, made from their
 * browser-made ids (the same after a reload); by id, the browser-made id (a removal names it).
 */
const waitingId = (clientId: string) => -1 - Number.parseInt(clientId.replaceAll('-', '').slice(0, 12), 16);
const clientIds = new Map<number, string>();

/** A talk's bookmarks as the reader left them offline, with what still waits to be sent. */
export interface WaitingBookmarks {
  /** The server's list with the additions and removals still waiting, in time order. */
  asLeft(list: readonly Bookmark[]): Bookmark[];
  /** The bookmarks shown that are not yet in the account (negative ids). */
  added: number;
  removed: number;
}

/**
 * The bookmarks of a talk added or removed offline and not yet sent (decision 0049), read from the
 * queue; null when none waits. A bookmark added offline has a negative id made from its
 * browser-made id, the same after a reload, so a removal of it names the addition.
 */
export async function waitingBookmarksOf(audioId: number): Promise<WaitingBookmarks | null> {
  const added: Bookmark[] = [];
  const removed = new Set<number>();
  for (const write of await queuedWrites()) {
    if (write.kind === 'bookmark-add' && write.bookmark.audioId === audioId) {
      const { time } = write.bookmark;
      const label = write.bookmark.label || `Dấu ${formatClock(time)}`;
      const id = waitingId(write.clientId);
      clientIds.set(id, write.clientId);
      added.push({ id, audioId, time, label, createdAt: write.changedAt });
    } else if (write.kind === 'bookmark-remove' && 'id' in write.bookmark) removed.add(write.bookmark.id);
  }
  if (added.length === 0 && removed.size === 0) return null;
  return {
    asLeft: (list) =>
      [...list.filter((b) => !removed.has(b.id)), ...added].sort((a, b) => a.time - b.time || a.id - b.id),
    added: added.length,
    removed: removed.size,
  };
}

/**
 * A talk bookmark added (`{ audioId, time }`) or removed (the bookmark) without a network: queued
 * with the time of the change. The talk page shows it from the queue (`waitingBookmarksOf`).
 */
export async function keepBookmarkChange(change: { audioId: number; time: number } | Bookmark): Promise<void> {
  const changedAt = new Date().toISOString();
  if ('id' in change) {
    const clientId = clientIds.get(change.id);
    await queueWrite(
      {
        kind: 'bookmark-remove',
        clientId: crypto.randomUUID(),
        bookmark: clientId ? { clientId } : { id: change.id },
        changedAt,
      },
      // Added and removed while offline: the addition need not be sent at all.
      (waiting) => waiting.kind === 'bookmark-add' && waiting.clientId === clientId,
    );
    showToast('Đã xoá dấu trên máy này; sẽ xoá khỏi tài khoản khi có mạng.', 'success');
  } else {
    await queueWrite({ kind: 'bookmark-add', clientId: crypto.randomUUID(), bookmark: change, changedAt });
    showToast('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.', 'success');
  }
}

/** Whether a book's reading-list change waits to be sent: saved (true), taken off (false), or null. */
export async function waitingSaveOf(bookCode: string): Promise<boolean | null> {
  const last = (await queuedWrites()).findLast((w) => w.kind === 'reading-list' && w.bookCode === bookCode);
  return last?.kind === 'reading-list' ? last.saved : null;
}

/** A book saved to the reading list or taken off without a network: queued; the button reads it back. */
export async function keepBookSaved(bookCode: string, saved: boolean): Promise<void> {
  await queueWrite(
    { kind: 'reading-list', clientId: crypto.randomUUID(), bookCode, saved, changedAt: new Date().toISOString() },
    // Only the last change of a book matters: saved then taken off offline sends nothing to undo.
    (waiting) => waiting.kind === 'reading-list' && waiting.bookCode === bookCode,
  );
  showToast(
    saved
      ? 'Đã lưu sách trên máy này; sẽ lưu vào tài khoản khi có mạng.'
      : 'Đã bỏ lưu sách trên máy này; sẽ bỏ khỏi tài khoản khi có mạng.',
    'success',
  );
}
