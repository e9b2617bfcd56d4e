import { formatClock } from '#common/clock.ts';
import type { Bookmark } from '#common/contracts/bookmark.schema.ts';
import { queueWrite, replayWrites } from '#app/lib/offline-write-queue.ts';
import { showToast } from '#app/lib/toast-store.ts';

/**
 * What pages of the first-load budgets keep offline (decision 0039), loaded on first use so they
 * carry none of it: the talk page's bookmarks, the "Lưu sách" button, and the sending of the queue
 * from any page when the network is there (`sendQueuedWrites` in app/entry.client.tsx). Apart from
 * the queue, which the service worker carries.
 */

/** Sends what waits and says what the server refused for good (the write is then dropped). */
export async function sendWaitingWrites(): Promise<void> {
  const { refused } = await replayWrites();
  for (const reason of refused) showToast(`Một thay đổi làm khi không có mạng không lưu được: ${reason}`, 'error');
}

// Bookmarks added offline are shown under negative ids until the server has them; by id, the
// browser-made id each was queued with (a removal of one names it so).
const clientIds = new Map<number, string>();
let lastId = 0;

/**
 * Once the network returns and the queue is sent, the page's data again, then its own list in
 * place of the one kept meanwhile. The latest page's callbacks, one listener.
 */
let refreshed: (() => Promise<unknown>) | null = null;
function refreshWhenOnline(refresh: () => Promise<unknown>): void {
  if (!refreshed)
    window.addEventListener(
      'online',
      () =>
        void sendWaitingWrites()
          .then(() => refreshed?.())
          .catch(() => undefined)
          .finally(() => (refreshed = null)),
      { once: true },
    );
  refreshed = refresh;
}

/**
 * A talk bookmark added (`{ audioId, time }`) or removed (the bookmark) without a network: queued
 * with the time of the change; the page shows the list as the reader left it (`show`) until the
 * network returns and `revalidate` brings the server's.
 */
export async function keepBookmarkChange(
  change: { audioId: number; time: number } | Bookmark,
  shown: readonly Bookmark[],
  show: (list: Bookmark[] | null) => void,
  revalidate: () => Promise<unknown>,
): Promise<void> {
  const changedAt = new Date().toISOString();
  let next: Bookmark[];
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
    next = shown.filter((b) => b.id !== change.id);
    showToast('Đã xoá dấu trên máy này; sẽ xoá khỏi tài khoản khi có mạng.', 'success');
  } else {
    const clientId = crypto.randomUUID();
    await queueWrite({ kind: 'bookmark-add', clientId, bookmark: change, changedAt });
    lastId -= 1;
    clientIds.set(lastId, clientId);
    const label = `Dấu ${formatClock(change.time)}`;
    next = [...shown, { id: lastId, audioId: change.audioId, time: change.time, label, createdAt: changedAt }];
    next.sort((a, b) => a.time - b.time);
    showToast('Đã đánh dấu trên máy này; sẽ lưu vào tài khoản khi có mạng.', 'success');
  }
  show(next);
  refreshWhenOnline(() => revalidate().then(() => show(null)));
}

/** A book saved to the reading list or taken off without a network: queued, then shown (`show`). */
export async function keepBookSaved(bookCode: string, saved: boolean, show: (saved: boolean) => void): Promise<void> {
  await queueWrite(
    { kind: 'reading-list', clientId: crypto.randomUUID(), bookCode, saved, changedAt: new Date().toISOString() },
    // Only the last change of a book matters: saved then taken off offline sends nothing to undo.
    (waiting) => waiting.kind === 'reading-list' && waiting.bookCode === bookCode,
  );
  show(saved);
  showToast(
    saved
      ? 'Đã lưu sách trên máy này; sẽ lưu vào tài khoản khi có mạng.'
      : 'Đã bỏ lưu sách trên máy này; sẽ bỏ khỏi tài khoản khi có mạng.',
    'success',
  );
}
