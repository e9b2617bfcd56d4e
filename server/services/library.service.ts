import type { User } from '#common/contracts/auth.schema.ts';
import type { ChapterView } from '#common/contracts/book.schema.ts';
import type { BookSummary } from '#common/contracts/content.schema.ts';
import {
  defaultLibraryPageSize,
  type BookDetail,
  type BookDocument,
  type LibraryItem,
  type LibraryPage,
  type LibrarySearchQuery,
  type OfflineBook,
} from '#common/contracts/library.schema.ts';
import { ERROR_MESSAGES } from '#common/messages.ts';
import { containsEveryWord, toMatchForm } from '#common/text/match-form.ts';
import type { ContentStatus } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { requireModerator } from '#server/policies/require.policy.ts';
import { presentChapterHeading } from '#server/presenters/book.presenter.ts';
import { presentBookSummary, presentTalkSummary } from '#server/presenters/content.presenter.ts';
import { presentBookDetail, presentDocumentChapter, presentOfflineBook } from '#server/presenters/library.presenter.ts';
import type { BookListRow } from '#server/repositories/book.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { BookService } from './book.service.ts';

const BOOK_NOT_FOUND = 'Không tìm thấy cuốn sách này.';
const CHAPTER_NOT_FOUND = 'Không tìm thấy chương này trong sách.';
const PUBLIC: ContentStatus[] = ['published'];
const EVERY_STATUS: ContentStatus[] = ['published', 'draft', 'pending'];

const collator = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });

interface Candidate<T> {
  item: T;
  title: string;
  /** Title, credits and description, in match form. */
  text: string;
  /** The title alone, in match form. */
  name: string;
}

/**
 * The one name field (docs/decisions/0020-one-library-name-field.md). The words as typed (with or
 * without diacritics) in titles: those titles, the ones starting with them first. In no title: the
 * items whose title, credits and description hold every word. `ten`, the name-only field of
 * before, is read as the same field, so old addresses and API calls keep working. By title within
 * each rank.
 */
function filterAndOrder<T>(candidates: Candidate<T>[], query: LibrarySearchQuery): T[] {
  const terms = [query.tim, query.ten].map((term) => (term ? toMatchForm(term) : '')).filter(Boolean);
  const inTitle = candidates.filter((c) => terms.every((term) => c.name.includes(term)));
  const matching =
    inTitle.length > 0 ? inTitle : candidates.filter((c) => terms.every((term) => containsEveryWord(c.text, term)));
  const rank = (c: Candidate<T>) => (terms.every((term) => c.name.startsWith(term)) ? 0 : 1);
  return matching.sort((a, b) => rank(a) - rank(b) || collator.compare(a.title, b.title)).map((c) => c.item);
}

function joinText(parts: (string | null | undefined)[]): string {
  return toMatchForm(parts.filter(Boolean).join(' '));
}

/** The library: the book pages and the book/talk search with its filters. */
export function createLibraryService(deps: { repos: Repositories; books: BookService }) {
  const { repos, books } = deps;

  async function requireBook(code: string): Promise<BookListRow> {
    const row = await repos.books.findByCode(code);
    if (!row) throw new AppError('NOT_FOUND', BOOK_NOT_FOUND);
    return row;
  }

  async function detailOf(row: BookListRow): Promise<BookDetail> {
    const toc = (await repos.books.listChapterHeadings(row.id)).map(presentChapterHeading);
    return presentBookDetail(row, toc);
  }

  async function searchWith(query: LibrarySearchQuery, moderator: boolean): Promise<LibraryPage> {
    const statuses = moderator ? EVERY_STATUS : PUBLIC;
    const perPage = query.size ?? defaultLibraryPageSize(query.loai);
    let items: LibraryItem[];
    if (query.loai === 'phap-am') {
      const rows = await repos.talks.listForLibrary({
        statuses,
        recordedSince: query.ngay,
        maxSeconds: query.phut === undefined ? undefined : query.phut * 60,
      });
      items = filterAndOrder(
        rows.map((row) => ({
          item: {
            kind: 'phap-am' as const,
            ...presentTalkSummary(row),
            ...(moderator ? { status: row.status } : {}),
          },
          title: row.title,
          text: joinText([row.title, row.speaker, row.description, row.collection_title]),
          name: toMatchForm(row.title),
        })),
        query,
      );
    } else {
      const rows = await repos.books.listForLibrary({ statuses, publishedSince: query.ngay });
      items = filterAndOrder(
        rows.map((row) => ({
          item: { kind: 'book' as const, ...presentBookSummary(row), ...(moderator ? { status: row.status } : {}) },
          title: row.title,
          text: joinText([
            row.title,
            row.title_sino_vietnamese,
            row.author,
            row.translator,
            row.compiler,
            row.description,
          ]),
          name: toMatchForm(row.title),
        })),
        query,
      );
    }
    const start = (query.page - 1) * perPage;
    return { items: items.slice(start, start + perPage), total: items.length, page: query.page, perPage };
  }

  return {
    /** A published book with its table of contents; NOT_FOUND when unknown or not published. */
    async getBook(code: string): Promise<BookDetail> {
      return detailOf(await requireBook(code));
    },

    /** The same for pages: null when there is no such published book. */
    async findBook(code: string): Promise<BookDetail | null> {
      const row = await repos.books.findByCode(code);
      return row ? detailOf(row) : null;
    },

    /** A published book and every chapter with its text, in reading order. */
    async getDocument(code: string): Promise<BookDocument> {
      const row = await requireBook(code);
      const chapters = (await repos.books.listChapters(row.id)).map(presentDocumentChapter);
      const toc = chapters.map((c) => ({ code: c.code, position: c.position, title: c.title }));
      return { ...presentBookDetail(row, toc), chapters };
    },

    /** What downloading a published book for offline reading fetches, with each chapter's size and hash. */
    async getOfflineBook(code: string): Promise<OfflineBook> {
      const row = await requireBook(code);
      return presentOfflineBook(row, await repos.books.listChapters(row.id));
    },

    /** Every published book with its table of contents (no text), by title. */
    async listCatalogue(): Promise<BookDetail[]> {
      const rows = (await repos.books.listForLibrary({ statuses: PUBLIC })).sort((a, b) =>
        collator.compare(a.title, b.title),
      );
      const headings = await repos.books.listChapterHeadingsOfBooks(rows.map((r) => r.id));
      return rows.map((row) =>
        presentBookDetail(row, headings.filter((h) => h.book_id === row.id).map(presentChapterHeading)),
      );
    },

    /** Every published book as a summary, by title (the /sach page). */
    async listBooks(): Promise<BookSummary[]> {
      const rows = await repos.books.listForLibrary({ statuses: PUBLIC });
      return rows.sort((a, b) => collator.compare(a.title, b.title)).map(presentBookSummary);
    },

    /** A chapter of a published book by its position (1-based) or its code; NOT_FOUND otherwise. */
    async getChapterOfBook(bookCode: string, chapter: string): Promise<ChapterView> {
      const book = await requireBook(bookCode);
      const chapterCode = /^\d{1,9}$/.test(chapter)
        ? await repos.books.findChapterCodeAt(book.id, Number(chapter))
        : chapter;
      const view = chapterCode ? await books.getChapter(chapterCode) : null;
      if (!view || view.book.code !== book.code) throw new AppError('NOT_FOUND', CHAPTER_NOT_FOUND);
      return view;
    },

    /** The public library: published books or talks, filtered and paged. */
    async search(query: LibrarySearchQuery): Promise<LibraryPage> {
      return searchWith(query, false);
    },

    /** The same for moderators and admins, drafts and pending items included (with their status). */
    async searchAsModerator(viewer: User, query: LibrarySearchQuery): Promise<LibraryPage> {
      requireModerator(viewer, ERROR_MESSAGES.FORBIDDEN);
      return searchWith(query, true);
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
