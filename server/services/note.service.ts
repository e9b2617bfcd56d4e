import { MAX_NOTES_PER_ACCOUNT, REMOVED_NOTE_KEEP_DAYS } from '#common/constants.ts';
import {
  NOTE_MESSAGES,
  type CreateNoteRequest,
  type MyNotesQuery,
  type Note,
  type NotesPage,
  type PublicNote,
  type UpdateNoteRequest,
} from '#common/contracts/note.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import { requireOwned } from '#server/policies/require.policy.ts';
import { presentNote, presentPublicNote } from '#server/presenters/note.presenter.ts';
import type { Selectable } from 'kysely';
import type { NotesTable } from '#server/db/schema.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { GROUP_NOT_FOUND, markGroupsEdited } from './note-group.service.ts';
import type { Transaction } from './service-context.ts';

const NOT_FOUND = 'Không tìm thấy ghi chú này.';
const ORDER_STALE = 'Danh sách vừa thay đổi ở nơi khác; hãy tải lại trang rồi sắp xếp lại.';
const ONLY_QUOTES = 'Chỉ sửa được lời và nguồn của trích dẫn tự nhập; đoạn đánh dấu giữ nguyên lời trong sách.';

const pageWindow = (query: MyNotesQuery) => ({ offset: (query.page - 1) * query.perPage, limit: query.perPage });

/** Highlights and notes: a reader's own, reachable by nobody else (others get 404). */
export function createNoteService(deps: {
  repos: Repositories;
  transaction: Transaction;
  now?: () => Date;
  /** Notes one account may keep (tests lower it). */
  maxNotes?: number;
}) {
  const { repos } = deps;
  const maxNotes = deps.maxNotes ?? MAX_NOTES_PER_ACCOUNT;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function requireOwnedNote(userId: number, id: number, r: Repositories = repos): Promise<Note> {
    return presentNote(requireOwned(await r.notes.findOwned(userId, id), NOT_FOUND));
  }

  /** A group the note may go into: the reader's own (another reader's is "absent"). */
  async function requireGroup(r: Repositories, userId: number, groupId: number | null | undefined) {
    if (groupId === null || groupId === undefined) return null;
    if (!(await r.noteGroups.findOwned(userId, groupId))) {
      throw new AppError('NOT_FOUND', GROUP_NOT_FOUND, { noteGroupId: GROUP_NOT_FOUND });
    }
    return groupId;
  }

  async function insertNote(userId: number, input: CreateNoteRequest): Promise<Note> {
    let place: { book_id: number; chapter_id: number; anchor: string } | null = null;
    if (input.chapterCode && input.bookCode && input.anchor) {
      const chapter = await repos.books.findPublishedChapter(input.chapterCode);
      if (!chapter || chapter.book_code !== input.bookCode) {
        throw new AppError('NOT_FOUND', 'Không tìm thấy chương sách này.', {
          chapterCode: 'Không có chương này trong sách.',
        });
      }
      place = {
        book_id: chapter.book_id,
        chapter_id: chapter.id,
        anchor: JSON.stringify({ ...input.anchor, exact: normalizeText(input.anchor.exact) }),
      };
    }
    return deps.transaction(async (r) => {
      if ((await r.notes.countOf(userId)) >= maxNotes) {
        throw new AppError('CONFLICT', NOTE_MESSAGES.tooMany(maxNotes));
      }
      const groupId = await requireGroup(r, userId, input.noteGroupId);
      const at = now();
      const id = await r.notes.insert({
        user_id: userId,
        book_id: place?.book_id ?? null,
        chapter_id: place?.chapter_id ?? null,
        anchor: place?.anchor ?? null,
        source_title: place ? null : normalizeText(input.sourceTitle ?? ''),
        source_url: place ? null : (input.sourceUrl ?? null),
        note_group_id: groupId,
        color: input.color,
        content: normalizeText(input.content),
        body: input.body ? normalizeText(input.body) : null,
        position: (await r.notes.maxPosition(userId)) + 1,
        visibility: 'private',
        created_at: at,
        updated_at: at,
        client_id: input.clientId ?? null,
      });
      if (groupId) await markGroupsEdited(r, userId, [groupId], at);
      return requireOwnedNote(userId, id, r);
    });
  }

  /** A change time from a device, never later than now (a clock running ahead must not win forever). */
  const changeTime = (changedAt: string) => new Date(Math.min(Date.parse(changedAt), Date.parse(now()))).toISOString();

  /** Deleted notes are kept this long (their rows, to be brought back by a later edit). */
  const keptSince = () => new Date(Date.parse(now()) - REMOVED_NOTE_KEEP_DAYS * 86_400_000).toISOString();

  /**
   * Deletes a note and keeps when it went, with its browser-made id and, for REMOVED_NOTE_KEEP_DAYS,
   * its row (decision 0049; server/services/removal-retention.ts drops it then).
   */
  async function deleteNote(r: Repositories, userId: number, note: Note, at: string): Promise<void> {
    const row = await r.notes.storedRowOwned(userId, note.id);
    await r.notes.delete(userId, note.id);
    await r.removals.record({
      user_id: userId,
      kind: 'note',
      item_id: note.id,
      client_id: row?.client_id ?? null,
      item: row ? JSON.stringify(row) : null,
      removed_at: at,
    });
    if (note.noteGroupId) await markGroupsEdited(r, userId, [note.noteGroupId], now());
  }

  /**
   * A note deleted before an edit made offline comes back with that edit (decision 0049): its stored
   * row again, under its id, with its group if the group is still there. False when the deletion was
   * later than the edit (it stays deleted); 404 when there was no such note of this reader, it was
   * deleted more than REMOVED_NOTE_KEEP_DAYS ago, or its chapter is gone.
   */
  async function restoreForEdit(r: Repositories, userId: number, id: number, changedAt: string): Promise<boolean> {
    const removal = await r.removals.find(userId, 'note', { itemId: id });
    if (!removal?.item || removal.removed_at < keptSince()) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (Date.parse(removal.removed_at) > Date.parse(changedAt)) return false;
    const row = JSON.parse(removal.item) as Selectable<NotesTable>;
    if (row.chapter_id !== null && !(await r.books.findChapterById(row.chapter_id))) {
      throw new AppError('NOT_FOUND', 'Không tìm thấy chương sách này.');
    }
    if ((await r.notes.countOf(userId)) >= maxNotes) throw new AppError('CONFLICT', NOTE_MESSAGES.tooMany(maxNotes));
    const groupId = row.note_group_id !== null && (await r.noteGroups.findOwned(userId, row.note_group_id));
    await r.notes.insert({ ...row, user_id: userId, note_group_id: groupId ? row.note_group_id : null });
    await r.removals.forget(userId, 'note', id);
    return true;
  }

  /** Changes a note now, or as of a change made offline (`changedAt`) unless the note changed since. */
  async function updateNote(
    userId: number,
    id: number,
    input: UpdateNoteRequest,
    changedAt: string | null,
  ): Promise<{ applied: boolean; note: Note | null }> {
    return deps.transaction(async (r) => {
      if (changedAt !== null && !(await r.notes.findOwned(userId, id))) {
        if (!(await restoreForEdit(r, userId, id, changeTime(changedAt)))) return { applied: false, note: null };
      }
      const note = await requireOwnedNote(userId, id, r);
      if (changedAt !== null && Date.parse(note.updatedAt) > Date.parse(changeTime(changedAt))) {
        return { applied: false, note };
      }
      const editsQuote =
        input.content !== undefined || input.sourceTitle !== undefined || input.sourceUrl !== undefined;
      if (editsQuote && note.bookCode !== null) {
        throw new AppError('VALIDATION_FAILED', ONLY_QUOTES, { content: ONLY_QUOTES });
      }
      const groupId = input.noteGroupId !== undefined ? await requireGroup(r, userId, input.noteGroupId) : undefined;
      const at = changedAt === null ? now() : changeTime(changedAt);
      await r.notes.update(userId, id, {
        ...(input.color ? { color: input.color } : {}),
        ...(input.body !== undefined ? { body: input.body ? normalizeText(input.body) : null } : {}),
        ...(input.isPublic !== undefined ? { visibility: input.isPublic ? 'public' : 'private' } : {}),
        ...(groupId !== undefined ? { note_group_id: groupId } : {}),
        ...(input.content !== undefined ? { content: normalizeText(input.content) } : {}),
        ...(input.sourceTitle !== undefined ? { source_title: normalizeText(input.sourceTitle) } : {}),
        ...(input.sourceUrl !== undefined ? { source_url: input.sourceUrl } : {}),
        updated_at: at,
      });
      // The group it left and the group it joined have both changed.
      const touched = [note.noteGroupId, groupId].filter((g): g is number => typeof g === 'number');
      await markGroupsEdited(r, userId, touched, at);
      return { applied: true, note: await requireOwnedNote(userId, id, r) };
    });
  }

  const service = {
    /**
     * A highlight in a chapter, or a quote typed by hand with its source; optionally into a group.
     * With a `clientId` (made offline, decision 0030) it is made once: sent again, the note made
     * the first time is the answer.
     */
    async create(userId: number, input: CreateNoteRequest): Promise<Note> {
      if (input.clientId === undefined) return insertNote(userId, input);
      const { note } = await service.createOnce(userId, { ...input, clientId: input.clientId });
      if (!note) throw new AppError('CONFLICT', NOTE_MESSAGES.removed);
      return note;
    },

    /**
     * A note made once per browser-made id (decision 0030): sent again, the note made the first
     * time; nothing when that note was deleted since, here or on another device (decision 0049).
     */
    async createOnce(
      userId: number,
      input: CreateNoteRequest & { clientId: string },
    ): Promise<{ applied: boolean; note: Note | null }> {
      const made = await repos.notes.findOwnedByClientId(userId, input.clientId);
      if (made) return { applied: true, note: presentNote(made) };
      if (await repos.removals.find(userId, 'note', { clientId: input.clientId }))
        return { applied: false, note: null };
      try {
        return { applied: true, note: await insertNote(userId, input) };
      } catch (error) {
        // The same write sent twice at once (two tabs): the unique index let one through.
        const winner = await repos.notes.findOwnedByClientId(userId, input.clientId);
        if (winner) return { applied: true, note: presentNote(winner) };
        throw error;
      }
    },

    get: (userId: number, id: number) => requireOwnedNote(userId, id),

    update: (userId: number, id: number, input: UpdateNoteRequest): Promise<Note> =>
      updateNote(userId, id, input, null).then((made) => made.note!),

    /**
     * A change made offline at `changedAt` (decision 0039): applied unless the note changed later on
     * the server (the newest change wins), and then the note carries the time of the change.
     */
    updateAsOf: (userId: number, id: number, input: UpdateNoteRequest, changedAt: string) =>
      updateNote(userId, id, input, changedAt),

    /**
     * A deletion made offline at `changedAt` (decision 0039): the note stays when it changed later
     * on the server. A note already gone, or another reader's, is "absent" (404): the browser
     * takes that as done (sent twice, it deletes once).
     */
    async removeAsOf(userId: number, id: number, changedAt: string): Promise<{ applied: boolean }> {
      return deps.transaction(async (r) => {
        const at = changeTime(changedAt);
        const note = await requireOwnedNote(userId, id, r);
        if (Date.parse(note.updatedAt) > Date.parse(at)) return { applied: false };
        await deleteNote(r, userId, note, at);
        return { applied: true };
      });
    },
    async remove(userId: number, id: number): Promise<void> {
      await deps.transaction(async (r) => {
        await deleteNote(r, userId, await requireOwnedNote(userId, id, r), now());
      });
    },

    /**
     * A page of the reader's notes in one book, in reading order; with `chapterCode`, in that
     * chapter only (the reader page paints them back in place).
     */
    async listOfBook(userId: number, bookCode: string, query: MyNotesQuery, chapterCode?: string): Promise<NotesPage> {
      const bookId = await repos.favorites.publishedBookIdOf(bookCode);
      if (!bookId) throw new AppError('NOT_FOUND', 'Không tìm thấy sách này.');
      let chapterId: number | undefined;
      if (chapterCode !== undefined) {
        const chapter = await repos.books.findPublishedChapter(chapterCode);
        if (!chapter || chapter.book_id !== bookId) throw new AppError('NOT_FOUND', 'Không tìm thấy chương sách này.');
        chapterId = chapter.id;
      }
      const { rows, total } = await repos.notes.pageOfBook(userId, { bookId, chapterId }, pageWindow(query));
      return { items: rows.map(presentNote), total, page: query.page, perPage: query.perPage };
    },

    /** A page of the reader's notes in no group, in their own order. */
    async listUngrouped(userId: number, query: MyNotesQuery): Promise<NotesPage> {
      const { rows, total } = await repos.notes.pageUngrouped(userId, pageWindow(query));
      return { items: rows.map(presentNote), total, page: query.page, perPage: query.perPage };
    },

    /** Sets the reader's own order: the notes named, in this order, before any others. */
    async order(userId: number, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      await deps.transaction(async (r) => {
        if ((await r.notes.countOwned(userId, unique)) !== unique.length) throw new AppError('NOT_FOUND', NOT_FOUND);
        const at = now();
        for (const [i, id] of unique.entries()) await r.notes.update(userId, id, { position: i + 1, updated_at: at });
        await markGroupsEdited(r, userId, await r.notes.groupIdsOf(userId, unique), at);
      });
    },

    /**
     * Reorders one page of a group shown in the reader's own order: `ids` are the notes of that
     * page, from `offset`, in their new order; the notes before and after keep their places.
     */
    async orderInGroup(userId: number, groupId: number, ids: number[], offset: number): Promise<void> {
      if (!(await repos.noteGroups.findOwned(userId, groupId))) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
      const all = (await repos.notes.listOfGroup(groupId, 'custom')).map((n) => n.id);
      const page = all.slice(offset, offset + ids.length);
      const same = page.length === ids.length && [...page].sort().join() === [...ids].sort().join();
      // The group changed meanwhile (another tab): better ask for a reload than scramble it.
      if (!same || new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', ORDER_STALE);
      await service.order(userId, [...all.slice(0, offset), ...ids, ...all.slice(offset + ids.length)]);
    },

    /** A note its owner shared, for anyone. */
    async getPublic(id: number): Promise<PublicNote> {
      const row = await repos.notes.findPublic(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return presentPublicNote(row);
    },
  };
  return service;
}

export type NoteService = ReturnType<typeof createNoteService>;
