import { z } from 'zod';
import { zText } from './text.schema.ts';
import { normalizeText } from '../text/vietnamese.ts';
import { pageOf } from './envelope.schema.ts';

/** The administration of talks: collections and their talks in every state. */

export const MEDIA_STATUSES = ['published', 'draft'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export const MEDIA_STATUS_LABELS: Record<MediaStatus, string> = { published: 'Đã xuất bản', draft: 'Bản nháp' };

/** The largest transcript (.vtt / .srt) accepted, in bytes. */
export const TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024;

const REQUIRED = 'Đây là thông tin bắt buộc';

/** NFC text, trimmed; required. */
export const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED })
    .transform((s) => normalizeText(s).trim())
    .pipe(zText().min(1, REQUIRED).max(max, `Tối đa ${max} ký tự`));

/** NFC text, trimmed; blank is null. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Phải là chữ' })
    .nullish()
    .transform((s) => {
      const text = normalizeText(s ?? '').trim();
      return text === '' ? null : text;
    })
    .pipe(zText().max(max, `Tối đa ${max} ký tự`).nullable());

export const ZMediaStatusSchema = z.enum(MEDIA_STATUSES, { error: 'Trạng thái chỉ là “published” hoặc “draft”' });

/** A positive whole number from a path or a form field ("12"). */
export const ZIdSchema = z.coerce
  .number({ error: 'Phải là một số' })
  .int('Phải là số nguyên')
  .positive('Phải là số dương')
  .max(2_147_483_647, 'Số quá lớn');
export const ZIdParamSchema = z.object({ id: ZIdSchema });

export const ZAdminTalkSchema = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  speaker: z.string().nullable(),
  description: z.string().nullable(),
  /** The audio at /media/{fileName}, served with HTTP Range. */
  fileName: z.string(),
  url: z.string(),
  sizeBytes: z.number().int(),
  /** Whole seconds, read from the file. */
  duration: z.number().int(),
  recordedOn: z.string().nullable(),
  transcriptUrl: z.string().nullable(),
  position: z.number().int(),
  status: ZMediaStatusSchema,
  /** Where readers hear it (when published). */
  path: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTalk = z.infer<typeof ZAdminTalkSchema>;

export const ZAdminCollectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  speaker: z.string().nullable(),
  position: z.number().int(),
  status: ZMediaStatusSchema,
  path: z.string(),
  /** Its talks in every state, in their order. */
  talks: z.array(ZAdminTalkSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCollection = z.infer<typeof ZAdminCollectionSchema>;

export const ZAdminCollectionsPageSchema = pageOf(ZAdminCollectionSchema);
export type AdminCollectionsPage = z.infer<typeof ZAdminCollectionsPageSchema>;

/** POST /admin/collections. */
export const ZCollectionInputSchema = z.object({
  title: requiredText(200),
  description: optionalText(2000).optional(),
  speaker: optionalText(200).optional(),
  status: ZMediaStatusSchema.default('draft'),
});
export type CollectionInput = z.infer<typeof ZCollectionInputSchema>;

/** PUT /admin/collection/{id}: the fields to change. */
export const ZCollectionUpdateSchema = z
  .object({
    title: requiredText(200).optional(),
    description: optionalText(2000).optional(),
    speaker: optionalText(200).optional(),
    status: ZMediaStatusSchema.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), 'Hãy gửi ít nhất một thông tin cần sửa');
export type CollectionUpdate = z.infer<typeof ZCollectionUpdateSchema>;

/** PUT /admin/collections/order and /admin/collection/{id}/order: every id, in the new order. */
export const ZOrderInputSchema = z.object({
  ids: z
    .array(ZIdSchema, { error: 'Hãy gửi danh sách mã theo thứ tự mới' })
    .min(1, 'Danh sách không được rỗng')
    .max(5000, 'Danh sách quá dài')
    .refine((ids) => new Set(ids).size === ids.length, 'Danh sách có mã lặp lại'),
});
export type OrderInput = z.infer<typeof ZOrderInputSchema>;

/** The text fields of POST /admin/talks (multipart, beside the `file` MP3 and an optional `transcript`). */
export const ZTalkUploadFieldsSchema = z.object({
  collectionId: ZIdSchema,
  title: optionalText(300).optional(),
  speaker: optionalText(200).optional(),
  description: optionalText(4000).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), ZMediaStatusSchema.default('draft')),
});
export type TalkUploadFields = z.infer<typeof ZTalkUploadFieldsSchema>;

/** PUT /admin/talk/{id}: the fields to change; `collectionId` moves it to the end of another collection. */
export const ZTalkUpdateSchema = z
  .object({
    title: requiredText(300).optional(),
    speaker: optionalText(200).optional(),
    description: optionalText(4000).optional(),
    collectionId: ZIdSchema.optional(),
    status: ZMediaStatusSchema.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), 'Hãy gửi ít nhất một thông tin cần sửa');
export type TalkUpdate = z.infer<typeof ZTalkUpdateSchema>;

export const ZAdminTalkResponseSchema = z.object({ data: ZAdminTalkSchema });
export const ZAdminCollectionResponseSchema = z.object({ data: ZAdminCollectionSchema });
export const ZAdminCollectionsResponseSchema = z.object({ data: ZAdminCollectionsPageSchema });
export const ZDeletedResponseSchema = z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }) });
