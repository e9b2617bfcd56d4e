import { z } from 'zod';
import { ZHistoryEntrySchema } from './history.schema.ts';
import {
  ZClientIdSchema,
  ZCreateNoteRequestSchema,
  ZNoteAnchorSchema,
  ZUpdateNoteRequestSchema,
} from './note.schema.ts';
import { ZCreateBookmarkSchema } from './bookmark.schema.ts';
import { ZPlaybackEntrySchema } from './playback.schema.ts';

/** When the reader made the change, by their device's clock: the newest change wins (decision 0039). */
const ZChangedAt = z.iso.datetime();
const ZNoteId = z.number().int().positive();
/**
 * The device's clock when the browser sent the write: the server moves `changedAt` by the gap
 * between this and its own clock, so a device clock running behind or ahead does not decide which
 * change is newest (decision 0039). Absent from older queues: their times are taken as they are.
 */
const sent = { sentAt: z.iso.datetime().optional() };

/**
 * A write made without a network and sent when it returns (POST /ghi-ngoai-tuyen, decisions 0030
 * and 0039), each with the id its browser made:
 * - a highlight in a chapter (sent twice, it makes one note);
 * - a note's colour, words or group changed, or the note deleted, at `changedAt` (it loses to a
 *   later change on the server);
 * - where the reader was in a book (`entry.readAt`) and where a talk stopped (`changedAt`), which
 *   lose to a later place on the server;
 * - a talk bookmark added (sent twice, it makes one) or removed, and a book saved to the reading
 *   list or taken off, at `changedAt` (a removal loses to a later change on the server).
 * A change made more than OFFLINE_WRITE_MAX_AGE_DAYS before it arrives is refused (decision 0049).
 */
export const ZOfflineWriteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('highlight'),
    clientId: ZClientIdSchema,
    note: ZCreateNoteRequestSchema.safeExtend({
      bookCode: z.string().min(1).max(120),
      chapterCode: z.string().min(1).max(140),
      anchor: ZNoteAnchorSchema,
    }),
    /** When it was made; absent from older queues (then it is not checked against the window). */
    changedAt: ZChangedAt.optional(),
    ...sent,
  }),
  z.object({
    kind: z.literal('note-update'),
    clientId: ZClientIdSchema,
    noteId: ZNoteId,
    changes: z.object({
      color: ZUpdateNoteRequestSchema.shape.color,
      body: ZUpdateNoteRequestSchema.shape.body,
      noteGroupId: ZUpdateNoteRequestSchema.shape.noteGroupId,
    }),
    changedAt: ZChangedAt,
    ...sent,
  }),
  z.object({
    kind: z.literal('note-delete'),
    clientId: ZClientIdSchema,
    noteId: ZNoteId,
    changedAt: ZChangedAt,
    ...sent,
  }),
  z.object({ kind: z.literal('reading-position'), clientId: ZClientIdSchema, entry: ZHistoryEntrySchema, ...sent }),
  z.object({
    kind: z.literal('playback'),
    clientId: ZClientIdSchema,
    playback: ZPlaybackEntrySchema,
    changedAt: ZChangedAt,
    ...sent,
  }),
  z.object({
    kind: z.literal('bookmark-add'),
    clientId: ZClientIdSchema,
    bookmark: ZCreateBookmarkSchema,
    changedAt: ZChangedAt,
    ...sent,
  }),
  z.object({
    kind: z.literal('bookmark-remove'),
    clientId: ZClientIdSchema,
    /** The bookmark by its id, or by the id its browser made when it was added offline too. */
    bookmark: z.union([z.object({ id: ZNoteId }), z.object({ clientId: ZClientIdSchema })]),
    changedAt: ZChangedAt,
    ...sent,
  }),
  z.object({
    kind: z.literal('reading-list'),
    clientId: ZClientIdSchema,
    bookCode: z.string().min(1).max(120),
    saved: z.boolean(),
    changedAt: ZChangedAt,
    ...sent,
  }),
]);
export type OfflineWrite = z.infer<typeof ZOfflineWriteSchema>;

/** What the server did with a write: made or changed it, or kept its own newer state. */
export interface OfflineWriteAnswer {
  applied: boolean;
  noteId?: number;
  bookmarkId?: number;
}

export const OFFLINE_WRITE_MESSAGES = {
  invalid: 'Bản ghi gửi từ máy không hợp lệ.',
  login: 'Hãy đăng nhập để lưu những gì đã làm khi không có mạng.',
  tooOld: (days: number) => `Thay đổi này được làm cách đây hơn ${days} ngày nên không còn được lưu.`,
} as const;
