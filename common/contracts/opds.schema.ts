import { z } from 'zod';

/** The OPDS catalog's addresses (/opds/…): a page number and, for search, the words. */

export const OPDS_MESSAGES = {
  badQuery: 'Địa chỉ danh mục sách không hợp lệ.',
  badPage: 'Số trang phải là số nguyên từ 1 đến 10000.',
  longSearch: 'Từ khóa tìm sách dài tối đa 200 ký tự.',
  emptySearch: 'Hãy nhập từ khóa để tìm sách.',
} as const;

export const OPDS_SEARCH_MAX = 200;

export const ZOpdsQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, OPDS_MESSAGES.badPage)
    .transform(Number)
    .pipe(z.number().max(10_000, OPDS_MESSAGES.badPage))
    .optional()
    .transform((n) => n ?? 1),
  q: z
    .string()
    .max(OPDS_SEARCH_MAX, OPDS_MESSAGES.longSearch)
    .transform((q) => q.normalize('NFC').trim())
    .optional(),
});
