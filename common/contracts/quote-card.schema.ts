import { z } from 'zod';

/** A quote card's passage: the paragraph, and the characters of it (all of it when absent). */

export const QUOTE_CARD_MESSAGES = {
  notFound: 'Không tìm thấy đoạn văn này.',
  range: 'Vị trí đoạn trích không hợp lệ.',
} as const;

const offset = z
  .string()
  .regex(/^\d{1,6}$/, QUOTE_CARD_MESSAGES.range)
  .transform(Number);

export const ZQuoteCardQuerySchema = z
  .object({ tu: offset.optional(), den: offset.optional() })
  .refine((q) => (q.tu === undefined) === (q.den === undefined), { message: QUOTE_CARD_MESSAGES.range, path: ['den'] })
  .refine((q) => q.tu === undefined || q.den! > q.tu, { message: QUOTE_CARD_MESSAGES.range, path: ['den'] });
