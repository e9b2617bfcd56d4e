import type { NoteAnchor } from '#common/contracts/note.schema.ts';
import type { HighlightColor } from '#common/contracts/note.values.ts';
import type { OfflineWrite } from '#common/contracts/offline-write.schema.ts';
import { markQueuedWrites, QUEUE_CHANGED_EVENT, takeUnsentPlayback } from './offline-opt-in.ts';

/**
 * Writes made without a network (decisions 0030 and 0039), kept in IndexedDB until it returns and
 * then sent to `/ghi-ngoai-tuyen` oldest first: highlights, notes changed or deleted, reading and
 * listening places, talk bookmarks added or removed, books saved or taken off the reading list. Each carries the id its browser made and the time of the change: the server
 * makes one note per id and keeps its own state when it is newer, so sending twice (two tabs, an
 * answer lost on the way back, a reload in between) never doubles anything. Browser and service
 * worker (Background Sync, decision 0039); loaded by the chapter page when it may need it, by the
 * offline flag of every page while writes wait and the network is there, by the talk page's
 * bookmarks and the "Lưu sách" button when used offline, and by the downloads page — never on a
 * page's first load.
 */

export const OFFLINE_WRITES_PATH = '/ghi-ngoai-tuyen';
/** The Background Sync tag the service worker answers by sending the queue. */
export const OFFLINE_WRITES_SYNC_TAG = 'phap-bao-offline-writes';

const DATABASE = 'phap-bao-offline';
const STORE = 'writes';

export type QueuedWrite = OfflineWrite & { queuedAt: string };

/** A highlight made offline, painted in its chapter until the server has it. */
export interface PendingHighlight {
  clientId: string;
  chapterCode: string;
  color: HighlightColor;
  anchor: NoteAnchor;
  content: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'clientId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = ask(transaction.objectStore(STORE));
      // Resolved once the transaction is durable, not when the request alone succeeded.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB'));
    });
  } finally {
    db.close();
  }
}

/**
 * Keeps a write until the network returns, in place of the waiting writes `replaces` picks (a newer
 * place in the same book makes the older one moot). Asks the service worker, where there is one and
 * the browser has Background Sync, to send the queue when the network returns even if no page of
 * the site is open then.
 */
export async function queueWrite(write: OfflineWrite, replaces?: (waiting: QueuedWrite) => boolean): Promise<void> {
  const queued: QueuedWrite = { ...write, queuedAt: new Date().toISOString() };
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      if (replaces) {
        const all = store.getAll() as IDBRequest<QueuedWrite[]>;
        all.onsuccess = () => {
          for (const waiting of all.result) if (replaces(waiting)) store.delete(waiting.clientId);
          store.put(queued);
        };
      } else store.put(queued);
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB'));
    });
  } finally {
    db.close();
  }
  markQueuedWrites(true);
  sayQueueChanged();
  await askForBackgroundSync();
}

/** Tells the page's parts that show what waits (none in the service worker, which has no window). */
function sayQueueChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
}

/** Background Sync where the browser has it (Chromium); the pages' own sending stays the fallback. */
async function askForBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OFFLINE_WRITES_SYNC_TAG);
  } catch {
    // No worker, or sync refused: the chapter and downloads pages send the queue themselves.
  }
}

/** Every write still waiting, oldest first. */
export async function queuedWrites(): Promise<QueuedWrite[]> {
  const all = await withStore<QueuedWrite[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedWrite[]>);
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** The highlights of one chapter still waiting. */
export async function pendingHighlightsOf(chapterCode: string): Promise<PendingHighlight[]> {
  return (await queuedWrites())
    .flatMap((w) => (w.kind === 'highlight' && w.note.chapterCode === chapterCode ? [w] : []))
    .map(({ clientId, note }) => ({
      clientId,
      chapterCode,
      color: note.color,
      anchor: note.anchor,
      content: note.content,
    }));
}

/** A note changed or deleted offline and not yet sent: how the page shows it meanwhile. */
export interface PendingNoteChange {
  deleted: boolean;
  color?: HighlightColor;
  body?: string | null;
}

/** The notes changed or deleted offline and still waiting, by note id (the latest change of each). */
export async function pendingNoteChanges(): Promise<Map<number, PendingNoteChange>> {
  const changes = new Map<number, PendingNoteChange>();
  for (const write of await queuedWrites()) {
    if (write.kind === 'note-delete') changes.set(write.noteId, { deleted: true });
    else if (write.kind === 'note-update') {
      const { color, body } = write.changes;
      changes.set(write.noteId, {
        ...changes.get(write.noteId),
        deleted: false,
        ...(color ? { color } : {}),
        ...(body !== undefined ? { body } : {}),
      });
    }
  }
  return changes;
}

/** A note change made offline: new words, colour or group, or the note deleted. */
export type OfflineNoteChange =
  | {
      kind: 'note-update';
      noteId: number;
      changes: { color?: HighlightColor; body?: string | null; noteGroupId?: number | null };
    }
  | { kind: 'note-delete'; noteId: number };

export interface ReplayResult {
  sent: number;
  /** Refused for good by the server (the chapter is gone, too many notes): dropped, with its reason. */
  refused: string[];
  /** Still waiting (no network, or not logged in). */
  waiting: number;
}

/**
 * The write as sent, with the device's clock now (decision 0039); a highlight's time is when it was
 * queued (the server refuses a change older than OFFLINE_WRITE_MAX_AGE_DAYS: decision 0049).
 */
function asSent(write: QueuedWrite): OfflineWrite {
  const { queuedAt, ...sent } = write;
  const made = sent.kind === 'highlight' ? { changedAt: sent.changedAt ?? queuedAt } : {};
  return { ...sent, ...made, sentAt: new Date().toISOString() } as OfflineWrite;
}

/** Sends one write; `retry` when it may succeed later, else the server's answer. */
async function send(write: QueuedWrite): Promise<'sent' | 'retry' | { refused: string }> {
  let res: Response;
  try {
    res = await fetch(OFFLINE_WRITES_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(asSent(write)),
    });
  } catch {
    return 'retry';
  }
  if (res.ok) return 'sent';
  // A note or bookmark removed offline that is gone already (removed twice, or elsewhere): done.
  if (res.status === 404 && (write.kind === 'note-delete' || write.kind === 'bookmark-remove')) return 'sent';
  // Logged out meanwhile (kept for the next login), or the server is unwell: try again later.
  if (res.status === 401 || res.status >= 500 || res.status === 429) return 'retry';
  const answer = (await res.json().catch(() => null)) as { errorMessage?: string } | null;
  return { refused: answer?.errorMessage ?? 'Không lưu được.' };
}

/** Talk places the player kept while offline join the queue (a newer one replaces the older). */
async function adoptUnsentPlayback(): Promise<void> {
  for (const [code, { currentTime, changedAt }] of Object.entries(takeUnsentPlayback())) {
    await queueWrite(
      { kind: 'playback', clientId: crypto.randomUUID(), playback: { code, currentTime }, changedAt },
      (waiting) => waiting.kind === 'playback' && waiting.playback.code === code,
    );
  }
}

async function replay(): Promise<ReplayResult> {
  await adoptUnsentPlayback();
  const result: ReplayResult = { sent: 0, refused: [], waiting: 0 };
  const writes = await queuedWrites();
  for (const [i, write] of writes.entries()) {
    const outcome = await send(write);
    if (outcome === 'retry') {
      result.waiting = writes.length - i;
      break;
    }
    // Removed only after the server answered: a reload before this line sends it again, once more.
    await withStore('readwrite', (store) => store.delete(write.clientId));
    if (outcome === 'sent') result.sent += 1;
    else result.refused.push(outcome.refused);
  }
  if ((await queuedWrites()).length === 0) markQueuedWrites(false);
  // Also when nothing was left to send: the worker's Background Sync may have sent it meanwhile.
  sayQueueChanged();
  return result;
}

/**
 * Sends what is waiting, one tab at a time (Web Locks; the server's ids make a second sender
 * harmless where locks are missing).
 */
export async function replayWrites(): Promise<ReplayResult> {
  return navigator.locks ? navigator.locks.request('phap-bao-offline-writes', replay) : replay();
}
