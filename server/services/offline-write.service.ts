import type { OfflineWrite, OfflineWriteAnswer } from '#common/contracts/offline-write.schema.ts';
import type { HistoryService } from './history.service.ts';
import type { NoteService } from './note.service.ts';
import type { PlaybackService } from './playback.service.ts';

/**
 * Writes a reader made without a network, sent by their browser when it returns (decisions 0030
 * and 0039). Each may arrive twice (a lost answer, two tabs) and late: a highlight is made once
 * (its browser-made id), and a change to a note, a reading place or a talk's place is applied only
 * when it is newer than what the account holds — the newest change wins, nothing is doubled.
 */
export function createOfflineWriteService(deps: {
  notes: NoteService;
  history: HistoryService;
  playback: PlaybackService;
}) {
  return {
    async apply(userId: number, write: OfflineWrite): Promise<OfflineWriteAnswer> {
      switch (write.kind) {
        case 'highlight': {
          const made = await deps.notes.create(userId, { ...write.note, clientId: write.clientId });
          return { applied: true, noteId: made.id };
        }
        case 'note-update': {
          const { applied, note } = await deps.notes.updateAsOf(userId, write.noteId, write.changes, write.changedAt);
          return { applied, noteId: note.id };
        }
        case 'note-delete':
          return deps.notes.removeAsOf(userId, write.noteId, write.changedAt);
        case 'reading-position':
          return deps.history.recordAsOf(userId, write.entry);
        case 'playback':
          return deps.playback.setCurrentTimeAsOf(
            userId,
            write.playback.code,
            write.playback.currentTime,
            write.changedAt,
          );
      }
    },
  };
}

export type OfflineWriteService = ReturnType<typeof createOfflineWriteService>;
