import { OFFLINE_WRITE_MAX_AGE_DAYS } from '#common/constants.ts';
import {
  OFFLINE_WRITE_MESSAGES,
  type OfflineWrite,
  type OfflineWriteAnswer,
} from '#common/contracts/offline-write.schema.ts';
import { AppError } from '#server/errors.ts';
import type { BookmarkService } from './bookmark.service.ts';
import type { FavoriteService } from './favorite.service.ts';
import type { HistoryService } from './history.service.ts';
import type { NoteService } from './note.service.ts';
import type { PlaybackService } from './playback.service.ts';

/**
 * A device's time moved onto the server's clock by the gap the write measured when it was sent
 * (`sentAt`, the device's clock then): a device running minutes behind no longer loses a change it
 * made after a server-side one. What remains is the time the write took to arrive (decision 0039).
 */
function onServerClock(deviceTime: string, sentAt: string | undefined, now: Date): string {
  if (sentAt === undefined) return deviceTime;
  const gap = now.getTime() - Date.parse(sentAt);
  return new Date(Date.parse(deviceTime) + gap).toISOString();
}

/** When the reader made the change, by their device's clock (none for a highlight from an older queue). */
function madeAt(write: OfflineWrite): string | undefined {
  if (write.kind === 'reading-position') return write.entry.readAt;
  return write.changedAt;
}

/**
 * Writes a reader made without a network, sent by their browser when it returns (decisions 0030
 * and 0039). Each may arrive twice (a lost answer, two tabs) and late: a highlight or a bookmark is
 * made once (its browser-made id), and never again once removed; a change to a note, a reading
 * place, a talk's place, a bookmark's removal or the reading list is applied only when it is newer
 * than what the account holds, removals included (decision 0049) — the newest change wins, nothing
 * is doubled. A change older than OFFLINE_WRITE_MAX_AGE_DAYS is refused: the removals it might have
 * lost to are deleted by then (server/services/removal-retention.ts).
 */
export function createOfflineWriteService(deps: {
  notes: NoteService;
  history: HistoryService;
  playback: PlaybackService;
  bookmarks: BookmarkService;
  favorites: FavoriteService;
  now?: () => Date;
}) {
  return {
    async apply(userId: number, write: OfflineWrite): Promise<OfflineWriteAnswer> {
      const now = deps.now?.() ?? new Date();
      const asServer = (deviceTime: string) => onServerClock(deviceTime, write.sentAt, now);
      const made = madeAt(write);
      if (made !== undefined && Date.parse(asServer(made)) < now.getTime() - OFFLINE_WRITE_MAX_AGE_DAYS * 86_400_000) {
        throw new AppError('CONFLICT', OFFLINE_WRITE_MESSAGES.tooOld(OFFLINE_WRITE_MAX_AGE_DAYS));
      }
      switch (write.kind) {
        case 'highlight': {
          const { applied, note } = await deps.notes.createOnce(userId, { ...write.note, clientId: write.clientId });
          return note ? { applied, noteId: note.id } : { applied };
        }
        case 'note-update': {
          const { applied, note } = await deps.notes.updateAsOf(
            userId,
            write.noteId,
            write.changes,
            asServer(write.changedAt),
          );
          return note ? { applied, noteId: note.id } : { applied };
        }
        case 'note-delete':
          return deps.notes.removeAsOf(userId, write.noteId, asServer(write.changedAt));
        case 'reading-position':
          return deps.history.recordAsOf(userId, { ...write.entry, readAt: asServer(write.entry.readAt) });
        case 'playback':
          return deps.playback.setCurrentTimeAsOf(
            userId,
            write.playback.code,
            write.playback.currentTime,
            asServer(write.changedAt),
          );
        case 'bookmark-add': {
          const { applied, bookmark } = await deps.bookmarks.createOnce(
            userId,
            write.bookmark,
            write.clientId,
            asServer(write.changedAt),
          );
          return bookmark ? { applied, bookmarkId: bookmark.id } : { applied };
        }
        case 'bookmark-remove':
          return deps.bookmarks.removeAsOf(userId, write.bookmark, asServer(write.changedAt));
        case 'reading-list':
          return deps.favorites.setSavedAsOf(userId, write.bookCode, write.saved, asServer(write.changedAt));
      }
    },
  };
}

export type OfflineWriteService = ReturnType<typeof createOfflineWriteService>;
