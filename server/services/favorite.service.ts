import type { FavoriteBook } from '#common/contracts/favorite.schema.ts';
import { AppError } from '#server/errors.ts';
import { presentFavoriteBook } from '#server/presenters/note.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** The reading list: books a reader saved. */
export function createFavoriteService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  async function requireBookId(code: string): Promise<number> {
    const id = await repos.favorites.publishedBookIdOf(code);
    if (!id) throw new AppError('NOT_FOUND', 'Không tìm thấy sách này.', { bookCode: 'Không có sách này.' });
    return id;
  }
  return {
    async save(userId: number, bookCode: string): Promise<FavoriteBook[]> {
      const bookId = await requireBookId(bookCode);
      await repos.favorites.add(userId, bookId, now());
      await repos.removals.forget(userId, 'reading-list', bookId);
      return this.list(userId);
    },
    async unsave(userId: number, bookCode: string): Promise<void> {
      const bookId = await requireBookId(bookCode);
      if (!(await repos.favorites.remove(userId, bookId))) {
        throw new AppError('NOT_FOUND', 'Sách này không có trong danh sách của bạn.');
      }
      await repos.removals.record({ user_id: userId, kind: 'reading-list', item_id: bookId, removed_at: now() });
    },
    /**
     * A book saved or taken off offline at `changedAt` (decisions 0039, 0049): the latest change of
     * the book wins, whichever arrives first. A save loses to a taking-off made after it (kept in
     * `removals`, also when it was made on another device); a taking-off loses to a later save.
     * Sent twice, either leaves the same list. A book gone since: 404 (the browser drops the write).
     */
    async setSavedAsOf(
      userId: number,
      bookCode: string,
      saved: boolean,
      changedAt: string,
    ): Promise<{ applied: boolean }> {
      const bookId = await requireBookId(bookCode);
      const at = new Date(Math.min(Date.parse(changedAt), Date.parse(now()))).toISOString();
      if (saved) {
        const removal = await repos.removals.find(userId, 'reading-list', { itemId: bookId });
        if (removal && Date.parse(removal.removed_at) > Date.parse(at)) return { applied: false };
        await repos.favorites.add(userId, bookId, at);
        await repos.removals.forget(userId, 'reading-list', bookId);
        return { applied: true };
      }
      const savedAt = await repos.favorites.savedAtOf(userId, bookId);
      if (savedAt && Date.parse(savedAt) > Date.parse(at)) return { applied: false };
      await repos.favorites.remove(userId, bookId);
      await repos.removals.record({ user_id: userId, kind: 'reading-list', item_id: bookId, removed_at: at });
      return { applied: true };
    },
    async isSaved(userId: number, bookCode: string): Promise<boolean> {
      const id = await repos.favorites.publishedBookIdOf(bookCode);
      return id ? repos.favorites.has(userId, id) : false;
    },
    /** Saved published books, newest saved first. */
    async list(userId: number): Promise<FavoriteBook[]> {
      const saved = await repos.favorites.list(userId);
      const books = new Map((await repos.books.listPublishedByIds(saved.map((s) => s.book_id))).map((b) => [b.id, b]));
      return saved.flatMap((s) => {
        const book = books.get(s.book_id);
        return book ? [presentFavoriteBook({ ...book, saved_at: s.saved_at })] : [];
      });
    },
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
