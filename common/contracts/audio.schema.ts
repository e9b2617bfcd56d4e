import { z } from 'zod';

/** Dharma talks (pháp âm) and their collections (seed-spec §7 Audio; issue 6). */

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
export const CLIP_MESSAGES = {
  fileName: 'Tên tệp âm thanh không hợp lệ.',
  unknownFile: 'Không có bài pháp âm nào với tệp này.',
  seconds: 'Thời điểm bắt đầu và kết thúc phải là số giây (không âm).',
  order: 'Thời điểm bắt đầu phải trước thời điểm kết thúc.',
  tooLong: 'Mỗi đoạn trích dài tối đa 10 phút.',
  beyondEnd: (duration: number) => `Thời điểm kết thúc vượt quá độ dài của bài (${duration} giây).`,
} as const;

const ZSeconds = z.coerce
  .number({ error: CLIP_MESSAGES.seconds })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 1_000_000, CLIP_MESSAGES.seconds);

export const ZClipQuerySchema = z
  .object({
    fileName: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.mp3$/, CLIP_MESSAGES.fileName),
    start: ZSeconds,
    end: ZSeconds,
  })
  .refine((q) => q.start < q.end, { message: CLIP_MESSAGES.order, path: ['end'] })
  .refine((q) => q.end - q.start <= MAX_CLIP_SECONDS, { message: CLIP_MESSAGES.tooLong, path: ['end'] });
export type ClipQuery = z.infer<typeof ZClipQuerySchema>;
