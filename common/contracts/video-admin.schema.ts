import { z } from 'zod';
import { pageOf } from './envelope.schema.ts';
import { optionalText, requiredText, ZMediaStatusSchema } from './talk-admin.schema.ts';
import { ZVideoSchema } from './video.schema.ts';

/** The administration of videos: YouTube items by their address, uploaded MP4 files. */

/** The largest poster image accepted, in bytes. */
export const POSTER_MAX_BYTES = 8 * 1024 * 1024;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const EMBED_HOSTS = new Set([...YOUTUBE_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

export const YOUTUBE_URL_MESSAGE =
  'Địa chỉ YouTube không hợp lệ: hãy dán địa chỉ dạng youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… hoặc youtube.com/shorts/… (mã video 11 ký tự).';

/**
 * The 11-character id of a YouTube address — youtube.com/watch?v=ID, youtu.be/ID,
 * youtube.com/embed/ID, youtube.com/shorts/ID (with or without https://) — or null for anything else.
 */
export function parseYouTubeId(address: string): string | null {
  const text = address.trim();
  if (!text || text.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'youtu.be' && segments.length === 1) id = segments[0]!;
  else if (YOUTUBE_HOSTS.has(host) && segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v');
  else if (YOUTUBE_HOSTS.has(host) && segments.length === 2 && segments[0] === 'shorts') id = segments[1]!;
  else if (EMBED_HOSTS.has(host) && segments.length === 2 && segments[0] === 'embed') id = segments[1]!;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** A YouTube address in a form, turned into its id; a 400 with the reason otherwise. */
export const ZYouTubeUrlSchema = z.string({ error: 'Hãy dán địa chỉ video YouTube' }).transform((value, ctx) => {
  const id = parseYouTubeId(value);
  if (!id) {
    ctx.addIssue({ code: 'custom', message: YOUTUBE_URL_MESSAGE });
    return z.NEVER;
  }
  return id;
});

export const ZAdminVideoSchema = ZVideoSchema.extend({
  status: ZMediaStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminVideo = z.infer<typeof ZAdminVideoSchema>;
export const ZAdminVideosPageSchema = pageOf(ZAdminVideoSchema);
export type AdminVideosPage = z.infer<typeof ZAdminVideosPageSchema>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const commonFields = {
  title: requiredText(300),
  description: optionalText(4000).optional(),
  speaker: optionalText(200).optional(),
  status: z.preprocess(blankToUndefined, ZMediaStatusSchema.default('draft')),
};

/**
 * The text fields of POST /admin/videos (multipart): `kind` "youtube" with `url`, or "file"
 * beside the `file` MP4; both may carry a `poster` image; a file may carry a `transcript`.
 */
export const ZVideoCreateFieldsSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('youtube'), url: ZYouTubeUrlSchema, ...commonFields }),
    z.object({ kind: z.literal('file'), ...commonFields }),
  ],
  { error: 'Loại video chỉ là “youtube” (một địa chỉ) hoặc “file” (tệp MP4)' },
);
export type VideoCreateFields = z.infer<typeof ZVideoCreateFieldsSchema>;

/** PUT /admin/video/{id}: the fields to change; `url` only for a YouTube item. */
export const ZVideoUpdateSchema = z
  .object({
    title: requiredText(300).optional(),
    description: optionalText(4000).optional(),
    speaker: optionalText(200).optional(),
    status: ZMediaStatusSchema.optional(),
    url: ZYouTubeUrlSchema.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), 'Hãy gửi ít nhất một thông tin cần sửa');
export type VideoUpdate = z.infer<typeof ZVideoUpdateSchema>;

export const ZAdminVideoResponseSchema = z.object({ data: ZAdminVideoSchema });
export const ZAdminVideosResponseSchema = z.object({ data: ZAdminVideosPageSchema });
