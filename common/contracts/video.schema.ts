import { z } from 'zod';
import { normalizeText } from '#common/text/vietnamese.ts';

/** Videos (product spec §7 GET /public/videos). */

export const DEFAULT_VIDEO_PAGE_SIZE = 12;
export const MAX_VIDEO_PAGE_SIZE = 100;
/** youtube-nocookie: YouTube's embed that sets no cookie until the reader plays. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** An empty form field (`?keyword=`) counts as absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** GET /public/videos: `page` ≥ 1 (1), `per_page` 1..100 (12), `keyword` in title, speaker or description. */
export const ZVideosQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  per_page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(MAX_VIDEO_PAGE_SIZE).default(DEFAULT_VIDEO_PAGE_SIZE),
  ),
  keyword: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(200)
      .transform((s) => normalizeText(s).replace(/\s+/g, ' ').trim())
      .optional(),
  ),
});
export type VideosQuery = z.infer<typeof ZVideosQuerySchema>;

export const ZVideoSlugQuerySchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9-]+$/, 'Địa chỉ video không hợp lệ.'),
});

export const ZVideoSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  speaker: z.string().nullable(),
  provider: z.enum(['youtube', 'file']),
  /** The YouTube id (youtube items): played through youtube-nocookie only after the reader presses play. */
  youtubeId: z.string().nullable(),
  /** The embed address for youtube items, null for files. */
  embedUrl: z.string().nullable(),
  /** The file (self-hosted items), served at /media/{fileName} with HTTP Range. */
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  /** The poster, always served by us. */
  thumbnailUrl: z.string().nullable(),
  /** Length in seconds, when known. */
  duration: z.number().int().nullable(),
  publishedAt: z.string(),
  transcriptUrl: z.string().nullable(),
  /** The video's page. */
  path: z.string(),
  license: z
    .object({ spdx: z.string(), name: z.string(), url: z.string(), attribution: z.string().nullable() })
    .nullable(),
});
export type Video = z.infer<typeof ZVideoSchema>;

export const ZVideosPageSchema = z.object({
  items: z.array(ZVideoSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type VideosPage = z.infer<typeof ZVideosPageSchema>;
export const ZVideosResponseSchema = z.object({ data: ZVideosPageSchema });
export const ZVideoResponseSchema = z.object({ data: ZVideoSchema });
