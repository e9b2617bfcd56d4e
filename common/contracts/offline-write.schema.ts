import { z } from 'zod';
import { ZClientIdSchema, ZCreateNoteRequestSchema, ZNoteAnchorSchema } from './note.schema.ts';

/**
 * A write made without a network and sent when it returns (POST /ghi-ngoai-tuyen, decision 0030):
 * a highlight in a chapter, with the id its browser made so that sending it twice makes one note.
 */
export const ZOfflineWriteSchema = z.object({
  kind: z.literal('highlight'),
  clientId: ZClientIdSchema,
  note: ZCreateNoteRequestSchema.safeExtend({
    bookCode: z.string().min(1).max(120),
    chapterCode: z.string().min(1).max(140),
    anchor: ZNoteAnchorSchema,
  }),
});
export type OfflineWrite = z.infer<typeof ZOfflineWriteSchema>;

export const OFFLINE_WRITE_MESSAGES = {
  invalid: 'Bản ghi gửi từ máy không hợp lệ.',
  login: 'Hãy đăng nhập để lưu những gì đã làm khi không có mạng.',
} as const;
