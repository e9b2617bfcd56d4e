import { MAX_NOTE_GROUPS_PER_ACCOUNT } from '#common/constants.ts';
import type { User } from '#common/contracts/auth.schema.ts';
import {
  NOTE_GROUP_MESSAGES,
  type CreateNoteGroupRequest,
  type ModerationDecisionRequest,
  type ModerationQueue,
  type NoteGroup,
  type NoteGroupWithNotes,
  type NoteGroupWithNotesQuery,
  type NoteGroupsWithNotesPage,
  type NoteGroupsWithNotesQuery,
  type PublicNoteGroupDetail,
  type PublicNoteGroupsPage,
  type UpdateNoteGroupRequest,
} from '#common/contracts/note-group.schema.ts';
import type { Note } from '#common/contracts/note.schema.ts';
import { renderNoteGroupPdf } from '#server/lib/note-group-pdf.ts';
import { containsEveryWord, toMatchForm } from '#common/text/match-form.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import {
  presentModerationEvent,
  presentNoteGroup,
  presentPublicNoteGroup,
} from '#server/presenters/note-group.presenter.ts';
import { presentNote, presentPublicNote } from '#server/presenters/note.presenter.ts';
import type { NoteGroupRow } from '#server/repositories/note-group.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { requireModerator, requireOwned } from '#server/policies/require.policy.ts';

export const GROUP_NOT_FOUND = 'Không tìm thấy danh sách ghi chú này.';
const collator = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });

/**
 * A change to the content of approved groups (a note added, removed, moved, edited or reordered;
 * the name or description changed) sends them back to the moderation queue: what others read is
 * always what a moderator saw. Called in the same transaction as the change.
 */
export async function markGroupsEdited(
  repos: Repositories,
  userId: number,
  groupIds: readonly number[],
  at: string,
): Promise<void> {
  for (const id of new Set(groupIds)) {
    const group = await repos.noteGroups.findOwned(userId, id);
    if (!group) continue;
    if (group.moderation_state === 'approved') {
      await repos.noteGroups.update(userId, id, { moderation_state: 'pending', submitted_at: at, updated_at: at });
      await repos.noteGroups.recordEvent({
        note_group_id: id,
        actor_id: userId,
        action: 'resubmit',
        reason: null,
        created_at: at,
      });
    } else {
      await repos.noteGroups.update(userId, id, { updated_at: at });
    }
  }
}

/** Notes filtered by every word of `keyword` (with or without diacritics) and sorted. */
function filterAndSort(notes: Note[], query: NoteGroupWithNotesQuery): Note[] {
  const keyword = query.keywordSearch ? toMatchForm(query.keywordSearch) : '';
  const found = keyword
    ? notes.filter((n) => containsEveryWord(toMatchForm([n.content, n.body, n.sourceTitle].join(' ')), keyword))
    : notes;
  // Text order by the Vietnamese alphabet (Đ after D, tones after the base letter), not by bytes.
  if (query.sort === 'a-z') return [...found].sort((a, b) => collator.compare(a.content, b.content) || a.id - b.id);
  if (query.sort === 'z-a') return [...found].sort((a, b) => collator.compare(b.content, a.content) || b.id - a.id);
  return found;
}

/**
 * Note groups: the reader's own (others get 404), their publication through moderation, and the
 * approved public lists anyone may read.
 */
export function createNoteGroupService(deps: {
  repos: Repositories;
  transaction: <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;
  now?: () => Date;
  /** Groups one account may keep (tests lower it). */
  maxGroups?: number;
}) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const maxGroups = deps.maxGroups ?? MAX_NOTE_GROUPS_PER_ACCOUNT;

  async function requireOwnedGroup(userId: number, id: number, r: Repositories = repos): Promise<NoteGroupRow> {
    return requireOwned(await r.noteGroups.findOwned(userId, id), GROUP_NOT_FOUND);
  }

  async function publicNotesOf(groupId: number) {
    return (await repos.notes.listOfGroup(groupId, 'custom')).map(presentPublicNote);
  }

  return {
    async list(userId: number): Promise<NoteGroup[]> {
      return (await repos.noteGroups.listOwned(userId)).map(presentNoteGroup);
    },

    async create(userId: number, input: CreateNoteGroupRequest): Promise<NoteGroup> {
      if ((await repos.noteGroups.countOf(userId)) >= maxGroups) {
        throw new AppError('CONFLICT', NOTE_GROUP_MESSAGES.tooMany(maxGroups));
      }
      const at = now();
      const id = await repos.noteGroups.insert({
        user_id: userId,
        name: normalizeText(input.name),
        description: input.description ? normalizeText(input.description) : null,
        moderation_reason: null,
        moderated_at: null,
        submitted_at: null,
        approved_at: null,
        featured_at: null,
        created_at: at,
        updated_at: at,
      });
      return presentNoteGroup(await requireOwnedGroup(userId, id));
    },

    async get(userId: number, id: number): Promise<NoteGroup> {
      return presentNoteGroup(await requireOwnedGroup(userId, id));
    },

    /**
     * Renames, describes, publishes or withdraws a group. Publishing puts it in the moderation
     * queue (again, after a rejection); withdrawing makes it private; a changed name or
     * description of an approved group sends it back to the queue.
     */
    async update(userId: number, id: number, input: UpdateNoteGroupRequest): Promise<NoteGroup> {
      return deps.transaction(async (r) => {
        const group = await requireOwnedGroup(userId, id, r);
        const at = now();
        const name = input.name !== undefined ? normalizeText(input.name) : undefined;
        const description =
          input.description !== undefined ? (input.description ? normalizeText(input.description) : null) : undefined;
        const contentChanged =
          (name !== undefined && name !== group.name) ||
          (description !== undefined && description !== group.description);
        await r.noteGroups.update(userId, id, {
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
          updated_at: at,
        });
        if (input.isPublic === true && (group.visibility === 'private' || group.moderation_state === 'rejected')) {
          if (group.note_count === 0) {
            throw new AppError('VALIDATION_FAILED', NOTE_GROUP_MESSAGES.emptyGroup, {
              isPublic: NOTE_GROUP_MESSAGES.emptyGroup,
            });
          }
          await r.noteGroups.update(userId, id, {
            visibility: 'public',
            moderation_state: 'pending',
            moderation_reason: null,
            submitted_at: at,
          });
          await r.noteGroups.recordEvent({
            note_group_id: id,
            actor_id: userId,
            action: 'submit',
            reason: null,
            created_at: at,
          });
        } else if (input.isPublic === false && group.visibility === 'public') {
          await r.noteGroups.update(userId, id, {
            visibility: 'private',
            moderation_state: 'none',
            moderation_reason: null,
            featured_at: null,
          });
          await r.noteGroups.recordEvent({
            note_group_id: id,
            actor_id: userId,
            action: 'withdraw',
            reason: null,
            created_at: at,
          });
        } else if (contentChanged) {
          await markGroupsEdited(r, userId, [id], at);
        }
        return presentNoteGroup(await requireOwnedGroup(userId, id, r));
      });
    },

    /** Deletes the group; its notes stay, in no group. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await repos.noteGroups.delete(userId, id))) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    },

    /** One of my groups with a page of its notes, sorted and searched. */
    async withNotes(userId: number, query: NoteGroupWithNotesQuery): Promise<NoteGroupWithNotes> {
      const group = await requireOwnedGroup(userId, query.id);
      const dbSort = query.sort === 'a-z' || query.sort === 'z-a' ? 'custom' : query.sort;
      const notes = filterAndSort((await repos.notes.listOfGroup(group.id, dbSort)).map(presentNote), query);
      const start = (query.page - 1) * query.perPage;
      return {
        group: presentNoteGroup(group),
        notes: {
          items: notes.slice(start, start + query.perPage),
          total: notes.length,
          page: query.page,
          perPage: query.perPage,
        },
      };
    },

    /** A page of my groups, each with its notes (the contract says how sort and keywordSearch apply). */
    async listWithNotes(userId: number, query: NoteGroupsWithNotesQuery): Promise<NoteGroupsWithNotesPage> {
      const [groups, notes] = await Promise.all([
        repos.noteGroups.listOwned(userId),
        repos.notes.listInGroupsOf(userId),
      ]);
      const keyword = query.keywordSearch ? toMatchForm(query.keywordSearch) : '';
      const notesOf = new Map<number, Note[]>();
      for (const note of notes.map(presentNote)) {
        const list = notesOf.get(note.noteGroupId!) ?? [];
        list.push(note);
        notesOf.set(note.noteGroupId!, list);
      }
      const found = groups.flatMap((row) => {
        const own = notesOf.get(row.id) ?? [];
        if (!keyword || containsEveryWord(toMatchForm(`${row.name} ${row.description ?? ''}`), keyword)) {
          return [{ row, notes: own }];
        }
        const matching = filterAndSort(own, { ...query, id: row.id, sort: 'custom' });
        return matching.length > 0 ? [{ row, notes: matching }] : [];
      });
      const byName = (a: (typeof found)[number], b: (typeof found)[number]) =>
        collator.compare(a.row.name, b.row.name) || a.row.id - b.row.id;
      const byCreation = (a: (typeof found)[number], b: (typeof found)[number]) =>
        a.row.created_at.localeCompare(b.row.created_at) || a.row.id - b.row.id;
      const sorted =
        query.sort === 'a-z'
          ? found.sort(byName)
          : query.sort === 'z-a'
            ? found.sort((a, b) => byName(b, a))
            : query.sort === 'oldest'
              ? found.sort(byCreation)
              : query.sort === 'newest'
                ? found.sort((a, b) => byCreation(b, a))
                : found; // custom: listOwned's order, the most recently changed first
      const start = (query.page - 1) * query.perPage;
      return {
        items: sorted
          .slice(start, start + query.perPage)
          .map(({ row, notes: own }) => ({ group: presentNoteGroup(row), notes: own })),
        total: sorted.length,
        page: query.page,
        perPage: query.perPage,
      };
    },

    /** My group as a PDF: every note in my order, with links to the sources on this site. */
    async exportPdf(userId: number, id: number, origin: string): Promise<{ bytes: Buffer; fileName: string }> {
      const group = await requireOwnedGroup(userId, id);
      const notes = (await repos.notes.listOfGroup(id, 'custom')).map(presentNote);
      const bytes = await renderNoteGroupPdf({
        title: group.name,
        description: group.description,
        authorName: group.owner_display_name,
        notes,
        origin,
        exportedAt: deps.now?.() ?? new Date(),
      });
      const slug = toMatchForm(group.name).replace(/ /g, '-').slice(0, 60) || 'ghi-chu';
      return { bytes, fileName: `${slug}.pdf` };
    },

    /** An approved public group with its notes, for anyone. */
    async getPublic(id: number): Promise<PublicNoteGroupDetail> {
      const row = await repos.noteGroups.findPublished(id);
      if (!row) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
      return { group: presentPublicNoteGroup(row), notes: await publicNotesOf(id) };
    },

    async listPublic(page: number, perPage: number, featured = false): Promise<PublicNoteGroupsPage> {
      const { rows, total } = await repos.noteGroups.listPublished({
        featured,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { items: rows.map(presentPublicNoteGroup), total, page, perPage };
    },

    /**
     * What the list page shows someone: the group when approved (or to its owner, in any state),
     * `moderation` when it is public but not yet approved (pending or rejected: the reader is
     * told so), and "not found" for private groups of others or groups that do not exist.
     */
    async viewFor(
      viewerId: number | null,
      id: number,
    ): Promise<{ kind: 'group'; detail: PublicNoteGroupDetail; own: NoteGroup | null } | { kind: 'moderation' }> {
      const row = await repos.noteGroups.findById(id);
      if (!row) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
      const own = viewerId === row.user_id;
      const approved = row.visibility === 'public' && row.moderation_state === 'approved';
      if (approved || own) {
        return {
          kind: 'group',
          detail: { group: presentPublicNoteGroup(row), notes: await publicNotesOf(id) },
          own: own ? presentNoteGroup(row) : null,
        };
      }
      if (row.visibility === 'public') return { kind: 'moderation' };
      throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    },

    /** The moderation queue: groups waiting, the longest waiting first, with their notes and history. */
    async queue(actor: User, page: number, perPage: number): Promise<ModerationQueue> {
      requireModerator(actor);
      const { rows, total } = await repos.noteGroups.listPending(perPage, (page - 1) * perPage);
      const items = [];
      for (const row of rows) {
        items.push({
          group: presentPublicNoteGroup(row),
          submittedAt: row.submitted_at,
          notes: await publicNotesOf(row.id),
          history: (await repos.noteGroups.listEvents(row.id)).map(presentModerationEvent),
        });
      }
      return { items, total, page, perPage };
    },

    /** Approves or rejects a pending group; the decision, its author and reason are recorded. */
    async decide(actor: User, id: number, input: ModerationDecisionRequest) {
      requireModerator(actor);
      return deps.transaction(async (r) => {
        const group = await r.noteGroups.findById(id);
        if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
        if (group.moderation_state !== 'pending') {
          throw new AppError('VALIDATION_FAILED', NOTE_GROUP_MESSAGES.notPending);
        }
        const at = now();
        const reason = input.reason ? normalizeText(input.reason) : null;
        await r.noteGroups.updateById(id, {
          moderation_state: input.decision === 'approve' ? 'approved' : 'rejected',
          moderation_reason: input.decision === 'reject' ? reason : null,
          moderated_at: at,
          ...(input.decision === 'approve' ? { approved_at: at } : { featured_at: null }),
        });
        await r.noteGroups.recordEvent({
          note_group_id: id,
          actor_id: actor.id,
          action: input.decision,
          reason,
          created_at: at,
        });
        return presentPublicNoteGroup((await r.noteGroups.findById(id))!);
      });
    },

    /** Features (or stops featuring) an approved group on the quotes page. */
    async feature(actor: User, id: number, featured: boolean) {
      requireModerator(actor);
      return deps.transaction(async (r) => {
        const group = await r.noteGroups.findById(id);
        if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
        if (group.moderation_state !== 'approved' || group.visibility !== 'public') {
          throw new AppError('VALIDATION_FAILED', NOTE_GROUP_MESSAGES.notApproved);
        }
        const at = now();
        await r.noteGroups.updateById(id, { featured_at: featured ? at : null });
        await r.noteGroups.recordEvent({
          note_group_id: id,
          actor_id: actor.id,
          action: featured ? 'feature' : 'unfeature',
          reason: null,
          created_at: at,
        });
        return presentPublicNoteGroup((await r.noteGroups.findById(id))!);
      });
    },

    /** The moderation history of my group (the owner sees why it was rejected, and when). */
    async history(userId: number, id: number) {
      await requireOwnedGroup(userId, id);
      return (await repos.noteGroups.listEvents(id)).map(presentModerationEvent);
    },
  };
}

export type NoteGroupService = ReturnType<typeof createNoteGroupService>;
