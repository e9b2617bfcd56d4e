import { z } from 'zod';
import { zLine, zText } from './text.schema.ts';
import { MAX_NOTE_GROUPS_PER_ACCOUNT } from '../constants.ts';
import { ZNoteSchema, ZPublicNoteSchema } from './note.schema.ts';

/** Note groups: readers' anthologies of notes, published after moderation. */

export const NOTE_GROUP_NAME_MAX = 120;
export const NOTE_GROUP_DESCRIPTION_MAX = 1000;
export const MODERATION_REASON_MAX = 500;
export const NOTE_SORTS = ['a-z', 'z-a', 'newest', 'oldest', 'custom'] as const;
export type NoteSortKey = (typeof NOTE_SORTS)[number];
export const NOTE_SORT_LABELS: Record<NoteSortKey, string> = {
  'a-z': 'A → Z',
  'z-a': 'Z → A',
  newest: 'Mới nhất',
  oldest: 'Cũ nhất',
  custom: 'Thứ tự của tôi',
};
export const MODERATION_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const NOTE_GROUP_MESSAGES = {
  reasonRequired: 'Hãy ghi lý do từ chối để người soạn biết cần sửa gì.',
  notPending: 'Danh sách này không ở trong hàng chờ duyệt.',
  notApproved: 'Chỉ danh sách đã duyệt mới được chọn làm nổi bật.',
  emptyGroup: 'Danh sách chưa có ghi chú nào: hãy thêm ít nhất một ghi chú trước khi công khai.',
  tooMany: (max: number = MAX_NOTE_GROUPS_PER_ACCOUNT) =>
    `Bạn đã có ${max} nhóm ghi chú, xin xoá bớt trước khi tạo thêm.`,
} as const;

const ZName = zLine().trim().min(1).max(NOTE_GROUP_NAME_MAX, `Tên danh sách tối đa ${NOTE_GROUP_NAME_MAX} ký tự`);
const ZDescription = zText()
  .trim()
  .max(NOTE_GROUP_DESCRIPTION_MAX, `Lời giới thiệu tối đa ${NOTE_GROUP_DESCRIPTION_MAX} ký tự`);

export const ZCreateNoteGroupRequestSchema = z.object({ name: ZName, description: ZDescription.nullish() });
export type CreateNoteGroupRequest = z.infer<typeof ZCreateNoteGroupRequestSchema>;

export const ZUpdateNoteGroupRequestSchema = z
  .object({
    name: ZName.optional(),
    description: ZDescription.nullable().optional(),
    /** true: publish (it waits for moderation); false: back to private. */
    isPublic: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Không có gì để thay đổi' });
export type UpdateNoteGroupRequest = z.infer<typeof ZUpdateNoteGroupRequestSchema>;

export const ZNoteGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  noteCount: z.number().int(),
  isPublic: z.boolean(),
  /** none (private), pending (waiting for a moderator), approved (public), rejected (with a reason). */
  moderationState: z.enum(MODERATION_STATES),
  moderationReason: z.string().nullable(),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
  /** Where others read it once approved: /danh-sach/{userName}/{id}. */
  publicPath: z.string(),
});
export type NoteGroup = z.infer<typeof ZNoteGroupSchema>;

const ZPage = z.coerce.number().int().min(1).max(100_000).default(1);
const ZPerPage = z.coerce.number().int().min(1).max(100).default(10);
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** GET /note_group_with_notes: one of my groups with one page of its notes. */
export const ZNoteGroupWithNotesQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  page: ZPage,
  perPage: ZPerPage,
  sort: z.preprocess(blankToUndefined, z.enum(NOTE_SORTS).default('a-z')),
  keywordSearch: z.preprocess(blankToUndefined, zLine().trim().max(200).optional()),
});
export type NoteGroupWithNotesQuery = z.infer<typeof ZNoteGroupWithNotesQuerySchema>;

export const ZNoteGroupWithNotesSchema = z.object({
  group: ZNoteGroupSchema,
  notes: z.object({
    items: z.array(ZNoteSchema),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  }),
});
export type NoteGroupWithNotes = z.infer<typeof ZNoteGroupWithNotesSchema>;

/**
 * GET /note_group_with_notes as product spec §7 lists it: with `id`, one of my groups and a page
 * of its notes (above); without, a page of my groups, each with its notes.
 */
export const ZNoteGroupsWithNotesQuerySchema = ZNoteGroupWithNotesQuerySchema.extend({
  id: ZNoteGroupWithNotesQuerySchema.shape.id.optional(),
});
export type NoteGroupsWithNotesQuery = z.infer<typeof ZNoteGroupsWithNotesQuerySchema>;

/**
 * My groups with their notes: `sort` orders the groups (a-z, z-a by name; newest, oldest by
 * creation; custom: the most recently changed first, as on the profile page); each group's notes
 * are in my order. `keywordSearch` keeps a group whose name or description has every word (with
 * all its notes), or else the notes that have them (and the group, when there is one).
 */
export const ZNoteGroupsWithNotesPageSchema = z.object({
  items: z.array(z.object({ group: ZNoteGroupSchema, notes: z.array(ZNoteSchema) })),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type NoteGroupsWithNotesPage = z.infer<typeof ZNoteGroupsWithNotesPageSchema>;

/** A group as anyone sees it once approved: the author's display name, never their account. */
export const ZPublicNoteGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  noteCount: z.number().int(),
  authorName: z.string(),
  authorUserName: z.string(),
  featured: z.boolean(),
  approvedAt: z.string().nullable(),
  path: z.string(),
});
export type PublicNoteGroup = z.infer<typeof ZPublicNoteGroupSchema>;

export const ZPublicNoteGroupDetailSchema = z.object({
  group: ZPublicNoteGroupSchema,
  notes: z.array(ZPublicNoteSchema),
});
export type PublicNoteGroupDetail = z.infer<typeof ZPublicNoteGroupDetailSchema>;

export const ZPublicNoteGroupRequestSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });
export const ZPublicNoteGroupsRequestSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  perPage: z.number().int().min(1).max(100).default(10),
});

export const ZPublicNoteGroupsPageSchema = z.object({
  items: z.array(ZPublicNoteGroupSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type PublicNoteGroupsPage = z.infer<typeof ZPublicNoteGroupsPageSchema>;

/** Moderation. */
export const ZModerationDecisionRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Quyết định chỉ có thể là approve hoặc reject' }),
    reason: zText().trim().max(MODERATION_REASON_MAX, `Lý do tối đa ${MODERATION_REASON_MAX} ký tự`).nullish(),
  })
  .refine((d) => d.decision === 'approve' || !!d.reason, {
    message: NOTE_GROUP_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type ModerationDecisionRequest = z.infer<typeof ZModerationDecisionRequestSchema>;

export const ZFeatureRequestSchema = z.object({ featured: z.boolean().default(true) });

export const ZModerationEventSchema = z.object({
  action: z.enum(['submit', 'resubmit', 'withdraw', 'approve', 'reject', 'feature', 'unfeature']),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type ModerationEvent = z.infer<typeof ZModerationEventSchema>;

export const ZModerationQueueItemSchema = z.object({
  group: ZPublicNoteGroupSchema,
  submittedAt: z.string().nullable(),
  notes: z.array(ZPublicNoteSchema),
  history: z.array(ZModerationEventSchema),
});
export type ModerationQueueItem = z.infer<typeof ZModerationQueueItemSchema>;

export const ZModerationQueueSchema = z.object({
  items: z.array(ZModerationQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type ModerationQueue = z.infer<typeof ZModerationQueueSchema>;
export const ZModerationQueueQuerySchema = z.object({ page: ZPage, perPage: ZPerPage });
