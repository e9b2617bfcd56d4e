import { z } from 'zod';

/** Highlight colours of the reader (seed-spec.md §2). */
export const HIGHLIGHT_COLORS = ['aqua', 'yellow', 'red'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

export const NOTE_BODY_MAX = 10_000;
export const NOTE_CONTENT_MAX = 5_000;

/**
 * Where a highlight sits, as text rather than DOM: the paragraph, the character offsets inside
 * its text, and the quoted text with a little context (a W3C text-quote selector). It survives
 * re-rendering and font changes; if the text moves, the quote finds it again.
 */
export const ZNoteAnchorSchema = z
  .object({
    paragraph: z.string().regex(/^p-\d{1,5}$/, 'Vị trí đoạn văn không hợp lệ'),
    start: z.number().int().min(0).max(1_000_000),
    end: z.number().int().min(1).max(1_000_000),
    exact: z.string().min(1).max(NOTE_CONTENT_MAX),
    prefix: z.string().max(64).default(''),
    suffix: z.string().max(64).default(''),
  })
  .refine((a) => a.end > a.start, { message: 'Vị trí đánh dấu không hợp lệ', path: ['end'] });
export type NoteAnchor = z.infer<typeof ZNoteAnchorSchema>;

const ZColorSchema = z.enum(HIGHLIGHT_COLORS, { error: 'Màu đánh dấu chỉ có thể là aqua, yellow hoặc red' });

export const ZCreateNoteRequestSchema = z.object({
  bookCode: z.string().min(1).max(120),
  chapterCode: z.string().min(1).max(140),
  color: ZColorSchema,
  content: z.string().trim().min(1).max(NOTE_CONTENT_MAX, `Đoạn đánh dấu tối đa ${NOTE_CONTENT_MAX} ký tự`),
  body: z.string().max(NOTE_BODY_MAX, `Ghi chú tối đa ${NOTE_BODY_MAX} ký tự`).nullish(),
  anchor: ZNoteAnchorSchema,
});
export type CreateNoteRequest = z.infer<typeof ZCreateNoteRequestSchema>;

export const ZUpdateNoteRequestSchema = z
  .object({
    color: ZColorSchema.optional(),
    body: z.string().max(NOTE_BODY_MAX, `Ghi chú tối đa ${NOTE_BODY_MAX} ký tự`).nullable().optional(),
    isPublic: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Không có gì để thay đổi' });
export type UpdateNoteRequest = z.infer<typeof ZUpdateNoteRequestSchema>;

export const ZOrderNotesRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});

export const ZNoteSchema = z.object({
  id: z.number().int(),
  bookCode: z.string(),
  bookTitle: z.string(),
  chapterCode: z.string(),
  chapterTitle: z.string().nullable(),
  chapterPosition: z.number().int(),
  color: z.enum(HIGHLIGHT_COLORS),
  content: z.string(),
  body: z.string().nullable(),
  anchor: ZNoteAnchorSchema,
  noteGroupId: z.number().int().nullable(),
  position: z.number().int(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof ZNoteSchema>;

/** A shared note as anyone may see it: no owner details beyond the display name. */
export const ZPublicNoteSchema = ZNoteSchema.omit({ noteGroupId: true, position: true }).extend({
  authorName: z.string(),
});
export type PublicNote = z.infer<typeof ZPublicNoteSchema>;
