import { z } from 'zod';
import { MAX_NOTES_PER_ACCOUNT, MAX_PAGE_SIZE, MY_NOTES_PAGE_SIZE } from '../constants.ts';
import { pageOf } from './envelope.schema.ts';
import { zLine, zText } from './text.schema.ts';
import { HIGHLIGHT_COLORS, type HighlightColor } from './note.values.ts';

// The colours live in note.values.ts (no zod, for the reader's page).
export { HIGHLIGHT_COLORS, type HighlightColor };

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
    exact: zText().min(1).max(NOTE_CONTENT_MAX),
    prefix: zText().max(64).default(''),
    suffix: zText().max(64).default(''),
  })
  .refine((a) => a.end > a.start, { message: 'Vị trí đánh dấu không hợp lệ', path: ['end'] });
export type NoteAnchor = z.infer<typeof ZNoteAnchorSchema>;

const ZColorSchema = z.enum(HIGHLIGHT_COLORS, { error: 'Màu đánh dấu chỉ có thể là aqua, yellow hoặc red' });

export const NOTE_SOURCE_TITLE_MAX = 300;
export const NOTE_MESSAGES = {
  source: 'Hãy ghi nguồn của trích dẫn (tên sách, bài giảng…).',
  highlight: 'Một đoạn đánh dấu cần sách, chương và vị trí trong chương.',
  sourceUrl: 'Đường dẫn nguồn phải bắt đầu bằng http:// hoặc https://',
  tooMany: (max: number = MAX_NOTES_PER_ACCOUNT) => `Bạn đã có ${max} ghi chú, xin xoá bớt trước khi thêm.`,
  removed: 'Ghi chú này đã được xoá sau khi bạn tạo nó.',
} as const;

const ZNoteContent = zText().trim().min(1).max(NOTE_CONTENT_MAX, `Đoạn trích tối đa ${NOTE_CONTENT_MAX} ký tự`);
const ZNoteBody = zText().max(NOTE_BODY_MAX, `Ghi chú tối đa ${NOTE_BODY_MAX} ký tự`);
const ZSourceTitle = zLine()
  .trim()
  .min(1, NOTE_MESSAGES.source)
  .max(NOTE_SOURCE_TITLE_MAX, `Nguồn tối đa ${NOTE_SOURCE_TITLE_MAX} ký tự`);
/** Only web addresses: a `javascript:` or `data:` link never reaches a page. */
const ZSourceUrl = zLine()
  .trim()
  .max(500)
  .refine((s) => /^https?:\/\/[^\s]+$/i.test(s) && URL.canParse(s), NOTE_MESSAGES.sourceUrl);
const ZGroupId = z.number().int().positive().max(2_147_483_647);

/**
 * The id a browser gives a highlight made offline (crypto.randomUUID), so that replaying it when the
 * network returns makes one note however often it is sent (decision 0030).
 */
export const ZClientIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Mã ghi chú trên máy không hợp lệ');

/**
 * A note is either a highlight in a chapter (bookCode, chapterCode, anchor) or a quote typed by
 * hand with its source (sourceTitle, and sourceUrl when it is on the web). `noteGroupId` puts it
 * in one of the reader's groups at once.
 */
export const ZCreateNoteRequestSchema = z
  .object({
    bookCode: zLine().min(1).max(120).optional(),
    chapterCode: zLine().min(1).max(140).optional(),
    anchor: ZNoteAnchorSchema.optional(),
    sourceTitle: ZSourceTitle.optional(),
    sourceUrl: ZSourceUrl.nullish(),
    color: ZColorSchema,
    content: ZNoteContent,
    body: ZNoteBody.nullish(),
    noteGroupId: ZGroupId.nullish(),
    clientId: ZClientIdSchema.optional(),
  })
  .superRefine((note, ctx) => {
    const highlight = note.bookCode !== undefined || note.chapterCode !== undefined || note.anchor !== undefined;
    if (highlight) {
      for (const key of ['bookCode', 'chapterCode', 'anchor'] as const) {
        if (note[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: NOTE_MESSAGES.highlight });
      }
    } else if (!note.sourceTitle) {
      ctx.addIssue({ code: 'custom', path: ['sourceTitle'], message: NOTE_MESSAGES.source });
    }
  });
export type CreateNoteRequest = z.infer<typeof ZCreateNoteRequestSchema>;

export const ZUpdateNoteRequestSchema = z
  .object({
    color: ZColorSchema.optional(),
    body: ZNoteBody.nullable().optional(),
    isPublic: z.boolean().optional(),
    /** Moves the note into a group of the reader's, or out of any (null). */
    noteGroupId: ZGroupId.nullable().optional(),
    /** Quotes typed by hand only: their text and source. */
    content: ZNoteContent.optional(),
    sourceTitle: ZSourceTitle.optional(),
    sourceUrl: ZSourceUrl.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Không có gì để thay đổi' });
export type UpdateNoteRequest = z.infer<typeof ZUpdateNoteRequestSchema>;

export const ZOrderNotesRequestSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000),
});

/** GET /ungroup_notes and /book/{code}/my_notes: one page of my notes. */
export const ZMyNotesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MY_NOTES_PAGE_SIZE),
});
export type MyNotesQuery = z.infer<typeof ZMyNotesQuerySchema>;

export const ZNoteSchema = z.object({
  id: z.number().int(),
  /** The book and chapter of a highlight; null for a quote typed by hand. */
  bookCode: z.string().nullable(),
  bookTitle: z.string().nullable(),
  chapterCode: z.string().nullable(),
  chapterTitle: z.string().nullable(),
  chapterPosition: z.number().int().nullable(),
  color: z.enum(HIGHLIGHT_COLORS),
  content: z.string(),
  body: z.string().nullable(),
  anchor: ZNoteAnchorSchema.nullable(),
  /** Where the words come from, in words: "Kinh A-di-đà — Chương 1", or the typed source. */
  sourceTitle: z.string(),
  /** A link to the source: the chapter at the passage, or the typed web address; null when none. */
  sourceUrl: z.string().nullable(),
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

export const ZNotesPageSchema = pageOf(ZNoteSchema);
export type NotesPage = z.infer<typeof ZNotesPageSchema>;
