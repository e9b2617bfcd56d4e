import type { User } from '#common/contracts/auth.schema.ts';
import {
  DEFAULT_BOOK_LICENSE,
  type AdminBook,
  type AdminBookPage,
  type AdminBookQuery,
  type BookInput,
  type BookStatus,
} from '#common/contracts/book-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import { slugOf } from '#server/lib/slugs.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { presentAdminBookSummary } from '#server/presenters/book-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { removeCoverFiles, renderCoverVariants, writeCoverVariants } from './cover.service.ts';
import { createBookAdminSteps, type BookAdminDeps } from './book-admin-steps.ts';
import { createBookChapterAdminService } from './book-chapter-admin.service.ts';

/**
 * The administration of books: create, edit, publish or take back to draft, delete, cover —
 * and their chapters' own service (book-chapter-admin.service.ts) under the same name. Admins
 * only. Each change is one transaction with its search passages and its audit line
 * (book-admin-steps.ts).
 */
export function createBookAdminService(deps: BookAdminDeps) {
  const { repos } = deps;
  const { now, requireBook, detailOf, change } = createBookAdminSteps(deps);
  const chapters = createBookChapterAdminService(deps);

  /** A code nobody has: the one asked for (else 409), or the title's slug with -2, -3… when taken. */
  async function freeBookCode(r: Repositories, input: BookInput): Promise<string> {
    if (input.code) {
      if (await r.books.codeExists(input.code)) {
        throw new AppError('CONFLICT', `Đã có sách mã “${input.code}”: hãy chọn mã khác.`, {
          code: 'Mã này đã có sách khác dùng',
        });
      }
      return input.code;
    }
    const base = slugOf(input.title).slice(0, 72).replace(/-+$/, '') || 'sach';
    for (let n = 1; ; n++) {
      const code = n === 1 ? base : `${base}-${n}`;
      if (!(await r.books.codeExists(code))) return code;
    }
  }

  function bookFields(input: BookInput) {
    const hasLicense = !!input.licenseSpdx || !!input.licenseName;
    return {
      title: input.title,
      author: input.author,
      translator: input.translator,
      description: input.description,
      category: input.category,
      license_spdx: input.licenseSpdx ?? (hasLicense ? 'LicenseRef-Other' : DEFAULT_BOOK_LICENSE.spdx),
      license_name: input.licenseName ?? (hasLicense ? input.licenseSpdx! : DEFAULT_BOOK_LICENSE.name),
      license_url: input.licenseUrl ?? (hasLicense ? '' : DEFAULT_BOOK_LICENSE.url),
      license_attribution: input.licenseAttribution,
      source_url: input.sourceUrl ?? null,
    };
  }

  async function setStatus(actor: User, id: number, status: BookStatus): Promise<AdminBook> {
    return change(actor, async (r) => {
      const book = await requireBook(r, id);
      if (status === 'published' && book.chapter_count === 0) {
        throw new AppError('CONFLICT', 'Sách cần có ít nhất một chương trước khi xuất bản.');
      }
      const at = now();
      if (book.status !== status) {
        // Publishing dates the book now: it appears among the newest.
        await r.books.updateBook(id, {
          status,
          updated_at: at,
          ...(status === 'published' ? { published_at: at } : {}),
        });
      }
      return {
        bookId: id,
        result: await detailOf(r, id),
        audit: {
          action: status === 'published' ? 'publish' : 'unpublish',
          itemType: 'book',
          itemId: id,
          label: book.title,
        },
      };
    });
  }

  return {
    ...chapters,

    /** Every book in any state (or one), most recently changed first. */
    async listBooks(actor: User, query: AdminBookQuery): Promise<AdminBookPage> {
      requireAdmin(actor);
      const { rows, total } = await repos.books.listForAdmin({
        status: query.status,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { items: rows.map(presentAdminBookSummary), total, page: query.page, perPage: query.perPage };
    },

    /** The ids and states of books known by their codes (the admin library search answers codes). */
    async idsOfCodes(actor: User, codes: string[]): Promise<Map<string, { id: number; status: BookStatus }>> {
      requireAdmin(actor);
      const rows = await repos.books.listIdsByCodes(codes);
      return new Map(rows.map((row) => [row.code, { id: row.id, status: row.status }]));
    },

    async getBook(actor: User, id: number): Promise<AdminBook> {
      requireAdmin(actor);
      return detailOf(repos, id);
    },

    /** A new book starts as a draft: readers see it once it has chapters and is published. */
    async createBook(actor: User, input: BookInput): Promise<AdminBook> {
      return change(actor, async (r) => {
        const code = await freeBookCode(r, input);
        const at = now();
        const id = await r.books.insertWithChapters(
          {
            ...bookFields(input),
            code,
            title_original: null,
            title_sino_vietnamese: null,
            compiler: null,
            cover_image: null,
            status: 'draft',
            license_note: null,
            created_at: at,
            updated_at: at,
            published_at: at,
          },
          [],
        );
        return {
          bookId: id,
          result: await detailOf(r, id),
          audit: { action: 'create', itemType: 'book', itemId: id, label: input.title, detail: `Mã ${code}` },
        };
      });
    },

    /** Edits the book's fields; its code (its address and its chapters' prefix) stays. */
    async updateBook(actor: User, id: number, input: BookInput): Promise<AdminBook> {
      return change(actor, async (r) => {
        const book = await requireBook(r, id);
        if (input.code && input.code !== book.code) {
          throw new AppError('VALIDATION_FAILED', 'Không đổi được mã sách sau khi đã tạo.', {
            code: 'Mã sách không đổi được',
          });
        }
        await r.books.updateBook(id, { ...bookFields(input), updated_at: now() });
        return {
          bookId: id,
          result: await detailOf(r, id),
          audit: { action: 'update', itemType: 'book', itemId: id, label: input.title },
        };
      });
    },

    async publishBook(actor: User, id: number): Promise<AdminBook> {
      return setStatus(actor, id, 'published');
    },

    /** Back to draft: gone from the reader's pages and from search, kept for editing. */
    async unpublishBook(actor: User, id: number): Promise<AdminBook> {
      return setStatus(actor, id, 'draft');
    },

    /** Deletes the book, its chapters and passages; its cover files go once the delete is committed. */
    async deleteBook(actor: User, id: number): Promise<void> {
      const cover = await change(actor, async (r) => {
        const book = await requireBook(r, id);
        await r.books.deleteBook(id);
        return {
          bookId: id,
          result: book.cover_image,
          audit: {
            action: 'delete',
            itemType: 'book',
            itemId: id,
            label: book.title,
            detail: `Mã ${book.code}, ${book.chapter_count} chương`,
          },
        };
      });
      await removeCoverFiles(deps.media, cover);
    },

    /** Any image → the 300×400 cover preset (with its 150 and 600 px widths); the old files go after. */
    async setCover(actor: User, id: number, bytes: Uint8Array): Promise<AdminBook> {
      requireAdmin(actor);
      const book = await requireBook(repos, id);
      const variants = await renderCoverVariants(bytes);
      const url = await writeCoverVariants(deps.media, book.code, variants);
      let result: AdminBook;
      try {
        result = await change(actor, async (r) => {
          await r.books.updateCover(id, url, now());
          return {
            bookId: id,
            result: await detailOf(r, id),
            audit: { action: 'upload', itemType: 'book', itemId: id, label: book.title, detail: 'Ảnh bìa mới' },
          };
        });
      } catch (error) {
        await removeCoverFiles(deps.media, url);
        throw error;
      }
      await removeCoverFiles(deps.media, book.cover_image);
      return result;
    },
  };
}

export type BookAdminService = ReturnType<typeof createBookAdminService>;
