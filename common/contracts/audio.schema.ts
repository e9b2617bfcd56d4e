import { z } from 'zod';

/** Dharma talks (pháp âm) and their collections (product spec §7 Audio). */

export const DEFAULT_AUDIO_PAGE_SIZE = 10;

export const ZAudioCollectionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(DEFAULT_AUDIO_PAGE_SIZE),
});

export const ZAudioCollectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  speaker: z.string().nullable(),
  coverImage: z.string().nullable(),
  talkCount: z.number().int(),
  totalSeconds: z.number().int(),
});
export type AudioCollection = z.infer<typeof ZAudioCollectionSchema>;

export const ZTalkSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  collectionId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  speaker: z.string().nullable(),
  /** The audio file's name: served at /media/{fileName} (HTTP Range). */
  fileName: z.string(),
  url: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** Length in seconds. */
  duration: z.number().int(),
  recordedOn: z.string().nullable(),
  /** The WebVTT transcript, when there is one. */
  transcriptUrl: z.string().nullable(),
  license: z
    .object({ spdx: z.string(), name: z.string(), url: z.string(), attribution: z.string().nullable() })
    .nullable(),
});
export type Talk = z.infer<typeof ZTalkSchema>;

export const ZAudioCollectionsResponseSchema = z.object({
  data: z.object({
    items: z.array(ZAudioCollectionSchema),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  }),
});

export const ZAudioCollectionDetailSchema = z.object({
  collection: ZAudioCollectionSchema,
  talks: z.array(ZTalkSchema),
});
export type AudioCollectionDetail = z.infer<typeof ZAudioCollectionDetailSchema>;
export const ZAudioCollectionResponseSchema = z.object({ data: ZAudioCollectionDetailSchema });

/** A clip of a talk: GET /public/audio/split/?fileName&start&end (seconds). */
export const MAX_CLIP_SECONDS = 600;
/** Shorter than this, a cut at frame boundaries is little more than a click. */
export const MIN_CLIP_SECONDS = 1;
export const CLIP_MESSAGES = {
  fileName: 'Tên tệp âm thanh không hợp lệ.',
  unknownFile: 'Không có bài pháp âm nào với tệp này.',
  seconds: 'Thời điểm bắt đầu và kết thúc phải là số giây (không âm).',
  decimal: 'Thời điểm phải là số giây viết bằng số thập phân thường, ví dụ 12 hoặc 12.5.',
  tooShort: `Mỗi đoạn trích dài ít nhất ${MIN_CLIP_SECONDS} giây.`,
  order: 'Thời điểm bắt đầu phải trước thời điểm kết thúc.',
  tooLong: 'Mỗi đoạn trích dài tối đa 10 phút.',
  beyondEnd: (duration: number) => `Thời điểm kết thúc vượt quá độ dài của bài (${duration} giây).`,
} as const;

// Plain decimals only: Number() would also read "0x10", "1e1", "+1" and "" (as 0).
const ZSeconds = z
  .string({ error: CLIP_MESSAGES.decimal })
  .regex(/^\d{1,7}(\.\d{1,6})?$/, CLIP_MESSAGES.decimal)
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 1_000_000, CLIP_MESSAGES.seconds);

export const ZClipQuerySchema = z
  .object({
    fileName: z
      .string()
      .min(1)
      .max(200)
      // A relative path under MEDIA_DIR: uploaded talks live in phap-am/ (server/services/talk-admin.service.ts).
      // Each segment starts with a letter or digit, so no "..", no leading "/", no backslash.
      .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.mp3$/, CLIP_MESSAGES.fileName)
      .refine((name) => !name.includes('..'), CLIP_MESSAGES.fileName),
    start: ZSeconds,
    end: ZSeconds,
  })
  .refine((q) => q.start < q.end, { message: CLIP_MESSAGES.order, path: ['end'] })
  .refine((q) => q.end <= q.start || q.end - q.start >= MIN_CLIP_SECONDS, {
    message: CLIP_MESSAGES.tooShort,
    path: ['end'],
  })
  .refine((q) => q.end - q.start <= MAX_CLIP_SECONDS, { message: CLIP_MESSAGES.tooLong, path: ['end'] });
export type ClipQuery = z.infer<typeof ZClipQuerySchema>;
