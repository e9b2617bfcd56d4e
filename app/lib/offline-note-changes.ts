import type { Note } from '#common/contracts/note.schema.ts';
import {
  type OfflineNoteChange,
  type PendingNoteChange,
  pendingNoteChanges,
  queueWrite,
} from './offline-write-queue.ts';
import { showToast } from './toast-store.ts';

/**
 * The offline queue as the chapter page uses it (decision 0039): the queue itself, and the notes
 * changed or deleted offline — kept, said, and shown as the reader left them. Apart from the queue
 * so that the service worker, which sends the queue, carries no page code. Loaded with the queue.
 */
export * from './offline-write-queue.ts';

/** Keeps a note's change or deletion made offline, with its time; says so; the changes now waiting. */
export async function keepNoteChange(change: OfflineNoteChange): Promise<Map<number, PendingNoteChange>> {
  await queueWrite({ ...change, clientId: crypto.randomUUID(), changedAt: new Date().toISOString() });
  showToast(
    change.kind === 'note-delete'
      ? 'Đã xóa trên máy này; sẽ xóa khỏi tài khoản khi có mạng.'
      : 'Đã lưu trên máy này; sẽ lưu vào tài khoản khi có mạng.',
    'success',
  );
  return pendingNoteChanges();
}

/** The chapter's saved notes as the reader left them offline: deleted ones gone, changed ones changed. */
export function withNoteChanges(notes: Note[], changes: Map<number, PendingNoteChange>): Note[] {
  return notes.flatMap((note) => {
    const change = changes.get(note.id);
    if (!change) return [note];
    if (change.deleted) return [];
    return [
      {
        ...note,
        ...(change.color ? { color: change.color } : {}),
        ...(change.body !== undefined ? { body: change.body } : {}),
      },
    ];
  });
}
