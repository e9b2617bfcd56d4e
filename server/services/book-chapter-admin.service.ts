import type { User } from '#common/contracts/auth.schema.ts';
import type { AdminBook, AdminChapter, ChapterInput, MarkdownPreview } from '#common/contracts/book-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import { renderMarkdownHtml } from '#server/lib/markdown-html.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { presentAdminChapter } from '#server/presenters/book-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { createBookAdminSteps, type BookAdminDeps } from './book-admin-steps.ts';

/**
 * The chapters of a book in the administration: written in Markdown (kept, with the sanitised
 * HTML readers get), added at the end, edited, deleted, put in order; the editor's preview.
 */
export function createBookChapterAdminService(deps: BookAdminDeps) {
  const { repos } = deps;
  const { now, requireBook, requireChapter, detailOf, change } = createBookAdminSteps(deps);

  /** `{bookCode}-{n}` for the next n no chapter uses (codes stay put when chapters move). */
  async function freeChapterCode(r: Repositories, bookId: number, bookCode: string): Promise<string> {
    for (let n = (await r.books.countChapters(bookId)) + 1; ; n++) {
      const code = `${bookCode}-${n}`;
      if (!(await r.books.chapterCodeExists(code))) return code;
    }
  }

  return {
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
