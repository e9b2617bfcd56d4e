import type { CreateNoteRequest, Note, PublicNote, UpdateNoteRequest } from '#common/contracts/note.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import { presentNote, presentPublicNote } from '#server/presenters/note.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';

const NOT_FOUND = 'Không tìm thấy ghi chú này.';

/** Highlights and notes: a reader's own, reachable by nobody else (others get 404). */
export function createNoteService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function requireOwned(userId: number, id: number): Promise<Note> {
    const row = await repos.notes.findOwned(userId, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return presentNote(row);
  }

  return {
    async create(userId: number, input: CreateNoteRequest): Promise<Note> {
      const chapter = await repos.books.findPublishedChapter(input.chapterCode);
      if (!chapter || chapter.book_code !== input.bookCode) {
        throw new AppError('NOT_FOUND', 'Không tìm thấy chương sách này.', {
          chapterCode: 'Không có chương này trong sách.',
        });
      }
      const at = now();
      const id = await repos.notes.insert({
        user_id: userId,
        book_id: chapter.book_id,
        chapter_id: chapter.id,
        note_group_id: null,
        color: input.color,
        content: normalizeText(input.content),
        body: input.body ? normalizeText(input.body) : null,
        anchor: JSON.stringify({ ...input.anchor, exact: normalizeText(input.anchor.exact) }),
        position: (await repos.notes.maxPosition(userId)) + 1,
        visibility: 'private',
        created_at: at,
        updated_at: at,
      });
      return requireOwned(userId, id);
    },

    get: requireOwned,

    async update(userId: number, id: number, input: UpdateNoteRequest): Promise<Note> {
      await requireOwned(userId, id);
      await repos.notes.update(userId, id, {
        ...(input.color ? { color: input.color } : {}),
        ...(input.body !== undefined ? { body: input.body ? normalizeText(input.body) : null } : {}),
        ...(input.isPublic !== undefined ? { visibility: input.isPublic ? 'public' : 'private' } : {}),
        updated_at: now(),
      });
      return requireOwned(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repos.notes.delete(userId, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    },

    /** The reader's notes in one book (the reader page paints them back in place). */
    async listOfBook(userId: number, bookCode: string): Promise<Note[]> {
      const bookId = await repos.favorites.publishedBookIdOf(bookCode);
      if (!bookId) throw new AppError('NOT_FOUND', 'Không tìm thấy sách này.');
      return (await repos.notes.listOfBook(userId, bookId)).map(presentNote);
    },

    async listUngrouped(userId: number): Promise<Note[]> {
      return (await repos.notes.listUngrouped(userId)).map(presentNote);
    },

    /** Sets the reader's own order: the notes named, in this order, before any others. */
    async order(userId: number, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      if ((await repos.notes.countOwned(userId, unique)) !== unique.length) throw new AppError('NOT_FOUND', NOT_FOUND);
      const at = now();
      for (const [i, id] of unique.entries()) await repos.notes.update(userId, id, { position: i + 1, updated_at: at });
    },

    /** A note its owner shared, for anyone. */
    async getPublic(id: number): Promise<PublicNote> {
      const row = await repos.notes.findPublic(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return presentPublicNote(row);
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
