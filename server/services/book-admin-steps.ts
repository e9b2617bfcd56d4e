import type { User } from '#common/contracts/auth.schema.ts';
import type { AdminBook } from '#common/contracts/book-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { presentAdminBook } from '#server/presenters/book-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { recordAudit, type AuditEvent } from './audit.service.ts';
import { indexBook } from './search-indexer.service.ts';
import type { Transaction } from './service-context.ts';

const BOOK_NOT_FOUND = 'Không tìm thấy cuốn sách này.';
const CHAPTER_NOT_FOUND = 'Không tìm thấy chương này.';

/** What the book administration's services are made from. */
export interface BookAdminDeps {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  /** The search's caches forget what they knew (after a commit that changed passages). */
  onIndexed?: () => void;
  now?: () => Date;
}

/** The steps every change of the book administration takes (book-admin, book-chapter-admin). */
export function createBookAdminSteps(deps: BookAdminDeps) {
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function requireBook(r: Repositories, id: number) {
    const book = await r.books.findListRowById(id);
    if (!book) throw new AppError('NOT_FOUND', BOOK_NOT_FOUND);
    return book;
  }

  async function requireChapter(r: Repositories, id: number) {
    const chapter = await r.books.findChapterById(id);
    if (!chapter) throw new AppError('NOT_FOUND', CHAPTER_NOT_FOUND);
    return chapter;
  }

  async function detailOf(r: Repositories, id: number): Promise<AdminBook> {
    return presentAdminBook(await requireBook(r, id), await r.books.listAdminChapters(id));
  }

  /** Runs a change with its index update and audit line in one transaction, then tells the search. */
  async function change<T>(
    actor: User,
    work: (r: Repositories) => Promise<{ result: T; bookId: number; audit: AuditEvent }>,
  ): Promise<T> {
    requireAdmin(actor);
    const result = await deps.transaction(async (r) => {
      const done = await work(r);
      await indexBook(r, done.bookId);
      await recordAudit(r, { id: actor.id, displayName: actor.displayName }, done.audit);
      return done.result;
    });
    deps.onIndexed?.();
    return result;
  }

  return { now, requireBook, requireChapter, detailOf, change };
}
