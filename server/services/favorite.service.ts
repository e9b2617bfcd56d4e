import type { FavoriteBook } from '#common/contracts/favorite.schema.ts';
import { AppError } from '#server/errors.ts';
import { presentFavoriteBook } from '#server/presenters/note.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** The reading list: books a reader saved. */
export function createFavoriteService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  async function requireBookId(code: string): Promise<number> {
    const id = await repos.favorites.publishedBookIdOf(code);
    if (!id) throw new AppError('NOT_FOUND', 'Không tìm thấy sách này.', { bookCode: 'Không có sách này.' });
    return id;
  }
  return {
    async save(userId: number, bookCode: string): Promise<FavoriteBook[]> {
      await repos.favorites.add(userId, await requireBookId(bookCode), (deps.now?.() ?? new Date()).toISOString());
      return this.list(userId);
    },
    async unsave(userId: number, bookCode: string): Promise<void> {
      if (!(await repos.favorites.remove(userId, await requireBookId(bookCode)))) {
        throw new AppError('NOT_FOUND', 'Sách này không có trong danh sách của bạn.');
      }
    },
    /**
     * A book saved or taken off offline at `changedAt` (decision 0039). Saving keeps the list as it
     * is when the book is there already; taking off loses to a later save on the server. Sent
     * twice, either leaves the same list. A book gone since: 404 (the browser drops the write).
     */
    async setSavedAsOf(
      userId: number,
      bookCode: string,
      saved: boolean,
      changedAt: string,
    ): Promise<{ applied: boolean }> {
      const bookId = await requireBookId(bookCode);
      const now = deps.now?.() ?? new Date();
      const at = Date.parse(changedAt) > now.getTime() ? now.toISOString() : changedAt;
      if (saved) {
        await repos.favorites.add(userId, bookId, at);
        return { applied: true };
      }
      const savedAt = await repos.favorites.savedAtOf(userId, bookId);
      if (savedAt && Date.parse(savedAt) > Date.parse(at)) return { applied: false };
      await repos.favorites.remove(userId, bookId);
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
