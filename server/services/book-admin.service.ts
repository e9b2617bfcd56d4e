import type { User } from '#common/contracts/auth.schema.ts';
import {
  DEFAULT_BOOK_LICENSE,
  type AdminBook,
  type AdminBookPage,
  type AdminBookQuery,
  type AdminChapter,
  type BookInput,
  type BookStatus,
  type ChapterInput,
  type MarkdownPreview,
} from '#common/contracts/book-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import { renderMarkdownHtml } from '#server/lib/markdown-html.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import {
  presentAdminBook,
  presentAdminBookSummary,
  presentAdminChapter,
} from '#server/presenters/book-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { recordAudit, type AuditEvent } from './audit.service.ts';
import { removeCoverFiles, renderCoverVariants, writeCoverVariants } from './cover.service.ts';
import { slugOf } from '#server/lib/slugs.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { indexBook } from './search-indexer.service.ts';
import type { Transaction } from './service-context.ts';

const BOOK_NOT_FOUND = 'Không tìm thấy cuốn sách này.';
const CHAPTER_NOT_FOUND = 'Không tìm thấy chương này.';

/**
 * The administration of books: create, edit, publish or take back to draft, delete,
 * cover, and chapters written in Markdown (kept, with the sanitised HTML readers get). Admins
 * only. Each change is one transaction with its search passages and its audit line.
 */
export function createBookAdminService(deps: {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  /** The search's caches forget what they knew (after a commit that changed passages). */
  onIndexed?: () => void;
  now?: () => Date;
}) {
  const { repos } = deps;
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

  /** `{bookCode}-{n}` for the next n no chapter uses (codes stay put when chapters move). */
  async function freeChapterCode(r: Repositories, bookId: number, bookCode: string): Promise<string> {
    for (let n = (await r.books.countChapters(bookId)) + 1; ; n++) {
      const code = `${bookCode}-${n}`;
      if (!(await r.books.chapterCodeExists(code))) return code;
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

    async getChapter(actor: User, id: number): Promise<AdminChapter> {
      requireAdmin(actor);
      return presentAdminChapter(await requireChapter(repos, id));
    },

    /** A new chapter at the end of the book. */
    async addChapter(actor: User, bookId: number, input: ChapterInput): Promise<AdminChapter> {
      return change(actor, async (r) => {
        const book = await requireBook(r, bookId);
        const at = now();
        const markdown = input.markdown.normalize('NFC');
        const id = await r.books.insertChapter(bookId, {
          code: await freeChapterCode(r, bookId, book.code),
          position: (await r.books.countChapters(bookId)) + 1,
          title: input.title,
          title_original: null,
          section: null,
          body_html: renderMarkdownHtml(markdown),
          body_markdown: markdown,
          parallel_html: null,
          created_at: at,
          updated_at: at,
        });
        await r.books.updateBook(bookId, { updated_at: at });
        return {
          bookId,
          result: presentAdminChapter((await r.books.findChapterById(id))!),
          audit: {
            action: 'create',
            itemType: 'chapter',
            itemId: id,
            label: input.title ?? `Chương mới của “${book.title}”`,
            detail: `Sách “${book.title}”`,
          },
        };
      });
    },

    async updateChapter(actor: User, id: number, input: ChapterInput): Promise<AdminChapter> {
      return change(actor, async (r) => {
        const chapter = await requireChapter(r, id);
        const book = await requireBook(r, chapter.book_id);
        const at = now();
        const markdown = input.markdown.normalize('NFC');
        await r.books.updateChapter(id, {
          title: input.title,
          body_markdown: markdown,
          body_html: renderMarkdownHtml(markdown),
          updated_at: at,
        });
        await r.books.updateBook(book.id, { updated_at: at });
        return {
          bookId: book.id,
          result: presentAdminChapter((await r.books.findChapterById(id))!),
          audit: {
            action: 'update',
            itemType: 'chapter',
            itemId: id,
            label: input.title ?? chapter.code,
            detail: `Sách “${book.title}”`,
          },
        };
      });
    },

    /** Deletes a chapter; the ones after it move up. A published book keeps at least one. */
    async deleteChapter(actor: User, id: number): Promise<AdminBook> {
      return change(actor, async (r) => {
        const chapter = await requireChapter(r, id);
        const book = await requireBook(r, chapter.book_id);
        if (book.status === 'published' && book.chapter_count <= 1) {
          throw new AppError(
            'CONFLICT',
            'Không xoá được chương cuối cùng của sách đã xuất bản: hãy thôi xuất bản sách trước.',
          );
        }
        await r.books.deleteChapter(id);
        const rest = (await r.books.listAdminChapters(book.id)).map((c) => c.id);
        const at = now();
        await r.books.setChapterOrder(book.id, rest, at);
        await r.books.updateBook(book.id, { updated_at: at });
        return {
          bookId: book.id,
          result: await detailOf(r, book.id),
          audit: {
            action: 'delete',
            itemType: 'chapter',
            itemId: id,
            label: chapter.title ?? chapter.code,
            detail: `Sách “${book.title}”`,
          },
        };
      });
    },

    /** The book's chapters in this order: `ids` must name each of its chapters exactly once. */
    async reorderChapters(actor: User, bookId: number, ids: number[]): Promise<AdminBook> {
      return change(actor, async (r) => {
        const book = await requireBook(r, bookId);
        const current = (await r.books.listAdminChapters(bookId)).map((c) => c.id);
        const same =
          ids.length === current.length && new Set(ids).size === ids.length && ids.every((i) => current.includes(i));
        if (!same) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Danh sách chương không khớp với các chương của sách (tải lại trang).',
            {
              ids: 'Cần đủ mọi chương của sách, mỗi chương một lần',
            },
          );
        }
        const at = now();
        await r.books.setChapterOrder(bookId, ids, at);
        await r.books.updateBook(bookId, { updated_at: at });
        return {
          bookId,
          result: await detailOf(r, bookId),
          audit: { action: 'reorder', itemType: 'book', itemId: bookId, label: book.title, detail: 'Thứ tự chương' },
        };
      });
    },

    /** The editor's live preview: exactly what saving this Markdown would store. */
    previewMarkdown(actor: User, markdown: string): MarkdownPreview {
      requireAdmin(actor);
      return { html: renderMarkdownHtml(markdown) };
    },
  };
}

export type BookAdminService = ReturnType<typeof createBookAdminService>;
