import { z } from 'zod';
import { zLine, zText } from './text.schema.ts';
import { HIGHLIGHT_COLORS } from './note.values.ts';

/**
 * A reader's highlights and notes taken away and brought back (docs/decisions/0032-take-it-with-you.md):
 * exported as Markdown (to read), CSV (spreadsheets) or W3C Web Annotation JSON-LD (other
 * annotation tools), filtered by colour, book and date; CSV and JSON-LD are read back.
 */

export const NOTE_EXPORT_FORMATS = ['markdown', 'csv', 'jsonld'] as const;
export type NoteExportFormat = (typeof NOTE_EXPORT_FORMATS)[number];
export const NOTE_IMPORT_FORMATS = ['csv', 'jsonld'] as const;
export type NoteImportFormat = (typeof NOTE_IMPORT_FORMATS)[number];

/** The largest file read back (characters): 5,000 notes of a few hundred words each. */
export const NOTE_IMPORT_MAX_CHARS = 4_000_000;

export const NOTE_EXPORT_MESSAGES = {
  format: 'Định dạng chỉ có thể là markdown, csv hoặc jsonld.',
  importFormat: 'Chỉ nhập lại được tệp CSV hoặc JSON-LD do Pháp Bảo xuất.',
  color: 'Màu chỉ có thể là aqua, yellow hoặc red.',
  date: 'Ngày phải viết dạng năm-tháng-ngày, ví dụ 2026-11-24.',
  range: 'Ngày bắt đầu phải trước ngày kết thúc.',
  tooLarge: `Tệp quá lớn: tối đa ${NOTE_IMPORT_MAX_CHARS.toLocaleString('vi-VN')} ký tự.`,
  empty: 'Tệp không có nội dung.',
  unreadable: 'Không đọc được tệp này: hãy chọn tệp CSV hoặc JSON-LD do Pháp Bảo xuất.',
  badRow: (n: number, why: string) => `Ghi chú thứ ${n} không hợp lệ: ${why}`,
  unknownChapter: (n: number) => `Ghi chú thứ ${n} thuộc một chương không còn trên thư viện.`,
} as const;

const ZDate = zLine()
  .regex(/^\d{4}-\d{2}-\d{2}$/, NOTE_EXPORT_MESSAGES.date)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), NOTE_EXPORT_MESSAGES.date);

/** GET /notes/export: the format and the filters (several colours: `color=aqua&color=red`, or "aqua,red"). */
export const ZNoteExportQuerySchema = z
  .object({
    format: z.enum(NOTE_EXPORT_FORMATS, { error: NOTE_EXPORT_MESSAGES.format }),
    color: z
      .union([zLine(), z.array(zLine())])
      .optional()
      .transform((v) =>
        v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((c) => c.split(',')).filter(Boolean),
      )
      .pipe(z.array(z.enum(HIGHLIGHT_COLORS, { error: NOTE_EXPORT_MESSAGES.color })).max(3)),
    bookCode: zLine().min(1).max(120).optional(),
    /** From this day (UTC), inclusive. */
    from: ZDate.optional(),
    /** To this day (UTC), inclusive. */
    to: ZDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: NOTE_EXPORT_MESSAGES.range, path: ['to'] });
export type NoteExportQuery = z.infer<typeof ZNoteExportQuerySchema>;

/** POST /notes/import: the text of an exported file and which format it is. */
export const ZNoteImportRequestSchema = z.object({
  format: z.enum(NOTE_IMPORT_FORMATS, { error: NOTE_EXPORT_MESSAGES.importFormat }),
  text: zText()
    .max(NOTE_IMPORT_MAX_CHARS, NOTE_EXPORT_MESSAGES.tooLarge)
    .refine((t) => t.trim().length > 0, NOTE_EXPORT_MESSAGES.empty),
});
export type NoteImportRequest = z.infer<typeof ZNoteImportRequestSchema>;

export const ZNoteImportResultSchema = z.object({
  /** Notes added. */
  added: z.number().int(),
  /** Notes the reader already had (the same passage, or the same quote and source): left as they were. */
  skipped: z.number().int(),
  /** Highlights whose chapter is not (or no longer) in this library: not added. */
  missing: z.number().int(),
});
export type NoteImportResult = z.infer<typeof ZNoteImportResultSchema>;
