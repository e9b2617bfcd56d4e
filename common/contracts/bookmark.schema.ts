import { z } from 'zod';
import { zLine } from './text.schema.ts';
import { normalizeText } from '../text/vietnamese.ts';

/** A reader's bookmarks in a talk (product spec §7 Audio: get/create/update/remove_bookmark). */

export const MAX_BOOKMARKS_PER_TALK = 200;
export const BOOKMARK_MESSAGES = {
  time: 'Thời điểm đánh dấu phải là số giây (không âm).',
  label: 'Tên dấu tối đa 120 ký tự.',
  beyondEnd: 'Thời điểm đánh dấu vượt quá độ dài của bài.',
  notFound: 'Không tìm thấy dấu này.',
  talkNotFound: 'Không tìm thấy bài pháp âm này.',
  tooMany: `Mỗi bài giữ tối đa ${MAX_BOOKMARKS_PER_TALK} dấu.`,
} as const;

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZTime = z.number({ error: BOOKMARK_MESSAGES.time }).finite().min(0, BOOKMARK_MESSAGES.time).max(1_000_000);
const ZLabel = zLine()
  .transform((s) => normalizeText(s).trim())
  .pipe(z.string().max(120, BOOKMARK_MESSAGES.label));

export const ZCreateBookmarkSchema = z.object({ audioId: ZId, time: ZTime, label: ZLabel.optional() });
export type CreateBookmark = z.infer<typeof ZCreateBookmarkSchema>;
export const ZUpdateBookmarkSchema = z.object({ id: ZId, time: ZTime.optional(), label: ZLabel.optional() });
export type UpdateBookmark = z.infer<typeof ZUpdateBookmarkSchema>;
export const ZRemoveBookmarkSchema = z.object({ id: ZId });

export const ZBookmarkSchema = z.object({
  id: z.number().int(),
  audioId: z.number().int(),
  /** Seconds into the talk. */
  time: z.number(),
  label: z.string(),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof ZBookmarkSchema>;
export const ZBookmarkResponseSchema = z.object({ data: ZBookmarkSchema });
export const ZBookmarksResponseSchema = z.object({ data: z.object({ items: z.array(ZBookmarkSchema) }) });
