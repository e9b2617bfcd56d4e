import { z } from 'zod';

export const ZPlaybackCodeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,139}$/, 'Mã sách hoặc bài giảng không hợp lệ');

export const ZPlaybackEntrySchema = z.object({
  code: ZPlaybackCodeSchema,
  currentTime: z.number().min(0, 'Thời điểm không hợp lệ').max(864_000, 'Thời điểm không hợp lệ'),
});

export const ZSetPlaybackRequestSchema = z.object({ currentTime: ZPlaybackEntrySchema.shape.currentTime });

/** `{data: {books: [{code, currentTime}]}}` as the spec's playback record. */
export const ZPlaybackResponseSchema = z.object({ data: z.object({ books: z.array(ZPlaybackEntrySchema) }) });
