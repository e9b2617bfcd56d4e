import { z } from 'zod';

/** The administration area: shared shapes, starting with the audit log. */

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'delete',
  'reorder',
  'upload',
  'import',
  // A reader's correction accepted (applied to the chapter or talk) or refused (decision 0031).
  'accept',
  'refuse',
] as const;
export const AUDIT_ITEM_TYPES = [
  'book',
  'chapter',
  'collection',
  'talk',
  'video',
  'article',
  'category',
  'compilation',
  'keywords',
  'footer_quotes',
  'dictionary',
  'user',
  'correction',
] as const;
export type AuditActionKey = (typeof AUDIT_ACTIONS)[number];
export type AuditItemTypeKey = (typeof AUDIT_ITEM_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditActionKey, string> = {
  create: 'tạo',
  update: 'sửa',
  publish: 'xuất bản',
  unpublish: 'thôi xuất bản',
  delete: 'xoá',
  reorder: 'sắp xếp lại',
  upload: 'tải lên',
  import: 'nhập',
  accept: 'nhận đề xuất sửa',
  refuse: 'từ chối',
};
export const AUDIT_ITEM_LABELS: Record<AuditItemTypeKey, string> = {
  book: 'sách',
  chapter: 'chương',
  collection: 'tuyển tập pháp âm',
  talk: 'bài pháp âm',
  video: 'video',
  article: 'bài viết',
  category: 'danh mục',
  compilation: 'tổng hợp',
  keywords: 'từ khoá trang chủ',
  footer_quotes: 'trích dẫn chân trang',
  dictionary: 'từ điển',
  user: 'người dùng',
  correction: 'đề xuất sửa của bạn đọc',
};

export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  itemType: z.enum(AUDIT_ITEM_TYPES),
  itemId: z.number().int().nullable(),
  itemLabel: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  itemType: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(AUDIT_ITEM_TYPES).optional(),
  ),
});
export type AuditQuery = z.infer<typeof ZAuditQuerySchema>;

export const ZAuditPageSchema = z.object({
  items: z.array(ZAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AuditPage = z.infer<typeof ZAuditPageSchema>;
