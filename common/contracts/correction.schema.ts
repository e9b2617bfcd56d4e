import { z } from 'zod';
import { pageOf } from './envelope.schema.ts';
import { zLine, zText } from './text.schema.ts';

/**
 * Readers' corrections ("Báo lỗi / Đề xuất sửa", decision 0031): the proposed text of one
 * paragraph of a chapter or one line of a talk's transcript, and the moderators' decision.
 */

export const CORRECTION_TEXT_MAX = 5000;
export const CORRECTION_NOTE_MAX = 500;
/** A reader may have this many corrections waiting at once (the queue stays readable). */
export const PENDING_CORRECTIONS_MAX = 20;

export const CORRECTION_MESSAGES = {
  textRequired: 'Hãy viết lại đoạn văn như bạn đề nghị sửa.',
  textTooLong: `Đoạn đề nghị sửa tối đa ${CORRECTION_TEXT_MAX} ký tự.`,
  noteTooLong: `Ghi chú tối đa ${CORRECTION_NOTE_MAX} ký tự.`,
  unchanged: 'Đoạn bạn gửi giống hệt đoạn đang có: hãy sửa chỗ sai rồi gửi.',
  noParagraph: 'Không tìm thấy đoạn văn này trong chương.',
  noLine: 'Không tìm thấy dòng lời này trong bài giảng.',
  noVideoLine: 'Không tìm thấy dòng lời này trong video.',
  notFound: 'Không tìm thấy đề xuất sửa này.',
  notPending: 'Đề xuất này đã được xử lý rồi.',
  textChanged: 'Đoạn văn đã thay đổi từ khi bạn đọc gửi đề xuất: hãy từ chối đề xuất này và đọc lại đoạn mới.',
  markdownChapter:
    'Không sửa tự động được đoạn này trong bản Markdown của chương (nó nằm trong danh sách, trích dẫn, bảng hay HTML viết tay, hoặc chỗ sửa sẽ đổi định dạng): hãy sửa đoạn ấy trong trang soạn chương, rồi từ chối đề xuất kèm lời cảm ơn.',
  htmlParagraph:
    'Không giữ được định dạng của đoạn văn này khi sửa tự động: hãy sửa chương trong trang quản trị sách, rồi từ chối đề xuất kèm lời cảm ơn.',
  reasonRequired: 'Hãy ghi lý do từ chối để bạn đọc biết.',
  tooManyPending: `Bạn đang có ${PENDING_CORRECTIONS_MAX} đề xuất chờ duyệt: xin đợi người kiểm duyệt xem xong rồi gửi thêm.`,
  target:
    'Hãy chọn một đoạn của chương (chapterCode, anchor), một dòng lời của bài giảng (talkId, line) hoặc của video (videoId, line).',
} as const;

const ZProposedText = zText()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, CORRECTION_MESSAGES.textRequired).max(CORRECTION_TEXT_MAX, CORRECTION_MESSAGES.textTooLong));
const ZNote = zText().trim().max(CORRECTION_NOTE_MAX, CORRECTION_MESSAGES.noteTooLong).nullish();

/**
 * POST /corrections: a paragraph of a chapter (its code and the paragraph's id "p-N") or a line of
 * a talk's or a video's transcript (the talk's or video's id and the line's number from 0), with
 * the proposed text.
 */
export const ZCreateCorrectionRequestSchema = z
  .object({
    chapterCode: zLine().trim().min(1).max(200).optional(),
    anchor: zLine()
      .regex(/^p-\d{1,6}$/, 'Mã đoạn có dạng p-số')
      .optional(),
    // Ids fit a 32-bit integer column (PostgreSQL refuses a larger one with an error, not a miss).
    talkId: z.number().int().positive().max(2_147_483_647).optional(),
    videoId: z.number().int().positive().max(2_147_483_647).optional(),
    line: z.number().int().min(0).max(100_000).optional(),
    proposedText: ZProposedText,
    note: ZNote,
  })
  .refine(
    (v) => {
      const chapter = v.chapterCode !== undefined && v.anchor !== undefined;
      const line = v.line !== undefined && (v.talkId === undefined) !== (v.videoId === undefined);
      const lineTarget = v.talkId !== undefined || v.videoId !== undefined || v.line !== undefined;
      const chapterTarget = v.chapterCode !== undefined || v.anchor !== undefined;
      return (chapter && !lineTarget) || (line && !chapterTarget);
    },
    { message: CORRECTION_MESSAGES.target },
  );
export type CreateCorrectionRequest = z.infer<typeof ZCreateCorrectionRequestSchema>;

export const CORRECTION_STATES = ['pending', 'accepted', 'refused'] as const;

export const ZDiffPartSchema = z.object({ op: z.enum(['same', 'removed', 'added']), text: z.string() });

/** A correction as its author and the moderators see it. */
export const ZCorrectionSchema = z.object({
  id: z.number().int(),
  itemType: z.enum(['chapter', 'talk', 'video']),
  /** What it corrects, for people: "Kinh Di Giáo · Chương 1", or the talk's or video's title and the line. */
  itemLabel: z.string(),
  /** Where it is read: the paragraph (/chapter/book#p-3), or the talk's or video's page. */
  path: z.string(),
  anchor: z.string(),
  originalText: z.string(),
  proposedText: z.string(),
  note: z.string().nullable(),
  state: z.enum(CORRECTION_STATES),
  reason: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The words changed, for the moderators' diff. */
  diff: z.array(ZDiffPartSchema),
});
export type Correction = z.infer<typeof ZCorrectionSchema>;

export const ZCorrectionPageSchema = pageOf(ZCorrectionSchema);
export type CorrectionPage = z.infer<typeof ZCorrectionPageSchema>;

export const ZCorrectionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /moderation/correction/{id}: accept (the text is changed) or refuse (a reason is required). */
export const ZCorrectionDecisionRequestSchema = z
  .object({
    decision: z.enum(['accept', 'refuse'], { error: 'Quyết định chỉ có thể là accept hoặc refuse' }),
    reason: zText().trim().max(CORRECTION_NOTE_MAX, CORRECTION_MESSAGES.noteTooLong).nullish(),
  })
  .refine((d) => d.decision === 'accept' || !!d.reason, {
    message: CORRECTION_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type CorrectionDecisionRequest = z.infer<typeof ZCorrectionDecisionRequestSchema>;

/** The readers thanked under a chapter or talk whose text they corrected. */
export const ZCorrectionCreditSchema = z.array(z.string());
