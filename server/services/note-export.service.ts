import { MAX_NOTES_PER_ACCOUNT } from '#common/constants.ts';
import type { NoteExportQuery, NoteImportRequest, NoteImportResult } from '#common/contracts/note-export.schema.ts';
import { NOTE_MESSAGES } from '#common/contracts/note.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import {
  identityOf,
  parseCsv,
  parseWebAnnotations,
  portableOf,
  renderCsv,
  renderMarkdown,
  renderWebAnnotations,
  type PortableNote,
} from '#server/export/annotations.ts';
import { presentNote } from '#server/presenters/note.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { Transaction } from './service-context.ts';

export interface NoteExportFile {
  body: string;
  contentType: string;
  fileName: string;
}

const COLOR_LABELS = { aqua: 'xanh', yellow: 'vàng', red: 'đỏ' } as const;
const FILE_TYPES = {
  markdown: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  jsonld: { contentType: 'application/ld+json; charset=utf-8', extension: 'jsonld' },
} as const;

/** The day after a `YYYY-MM-DD`, as the exclusive ISO bound of "up to that day". */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/**
 * A reader's highlights and notes taken away (Markdown, CSV, W3C Web Annotation JSON-LD) and
 * brought back (CSV, JSON-LD): only their own, in one transaction, the notes they already have
 * left as they are.
 */
export function createNoteExportService(deps: {
  repos: Repositories;
  transaction: Transaction;
  maxNotes?: number;
  now?: () => Date;
}) {
  const { repos } = deps;
  const maxNotes = deps.maxNotes ?? MAX_NOTES_PER_ACCOUNT;

  return {
    /** The books the reader has highlighted in, with how many notes each (the export's book filter), and the count of all. */
    async summaryOf(
      userId: number,
    ): Promise<{ total: number; books: { code: string; title: string; count: number }[] }> {
      const rows = await repos.notes.listForExport(userId);
      const books = new Map<string, { code: string; title: string; count: number }>();
      for (const row of rows) {
        if (!row.book_code) continue;
        const book = books.get(row.book_code) ?? {
          code: row.book_code,
          title: row.book_title ?? row.book_code,
          count: 0,
        };
        book.count++;
        books.set(row.book_code, book);
      }
      return { total: rows.length, books: [...books.values()] };
    },

    /** The reader's notes, filtered, as a file in `query.format`. */
    async exportNotes(userId: number, query: NoteExportQuery, origin: string): Promise<NoteExportFile> {
      const rows = await repos.notes.listForExport(userId, {
        colors: query.color,
        bookCode: query.bookCode?.normalize('NFC'),
        from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
        before: query.to ? dayAfter(query.to) : undefined,
      });
      const notes = rows.map((row) => portableOf(presentNote(row)));
      const filters = [
        query.color.length ? `màu ${query.color.map((c) => COLOR_LABELS[c]).join(', ')}` : null,
        query.bookCode ? `sách ${rows[0]?.book_title ?? query.bookCode}` : null,
        query.from ? `từ ${query.from}` : null,
        query.to ? `đến ${query.to}` : null,
      ].filter((f): f is string => f !== null);
      const label = 'Ghi chú và đánh dấu trên Pháp Bảo';
      const body =
        query.format === 'markdown'
          ? renderMarkdown(notes, origin, label, filters)
          : query.format === 'csv'
            ? renderCsv(notes, origin)
            : renderWebAnnotations(notes, origin, label);
      const type = FILE_TYPES[query.format];
      const day = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
      return { body, contentType: type.contentType, fileName: `ghi-chu-phap-bao-${day}.${type.extension}` };
    },

    /**
     * A file made by `exportNotes` (CSV or JSON-LD) read back into the reader's notes. A note they
     * already have (the same passage, or the same quote and source) is skipped, as is one whose
     * chapter is no longer in the library; the rest are added with their colour, words and dates.
     * Bad input refuses the whole file (400, naming the note); nothing is written half.
     */
    async importNotes(userId: number, request: NoteImportRequest): Promise<NoteImportResult> {
      const parsed = request.format === 'csv' ? parseCsv(request.text) : parseWebAnnotations(request.text);
      const known = new Set(
        (await repos.notes.listForExport(userId)).map((row) => identityOf(portableOf(presentNote(row)))),
      );
      const fresh: PortableNote[] = [];
      let skipped = 0;
      for (const note of parsed) {
        const key = identityOf(note);
        if (known.has(key)) {
          skipped++;
          continue;
        }
        known.add(key);
        fresh.push(note);
      }
      const chapters = new Map<string, { book_id: number; id: number } | null>();
      for (const { highlight } of fresh) {
        if (!highlight || chapters.has(highlight.chapterCode)) continue;
        const chapter = await repos.books.findPublishedChapter(highlight.chapterCode);
        chapters.set(
          highlight.chapterCode,
          chapter && chapter.book_code === highlight.bookCode ? { book_id: chapter.book_id, id: chapter.id } : null,
        );
      }
      const placed = fresh.filter((n) => !n.highlight || chapters.get(n.highlight.chapterCode));
      const missing = fresh.length - placed.length;

      return deps.transaction(async (r) => {
        if ((await r.notes.countOf(userId)) + placed.length > maxNotes) {
          throw new AppError('CONFLICT', NOTE_MESSAGES.tooMany(maxNotes));
        }
        let position = await r.notes.maxPosition(userId);
        for (const note of placed) {
          const chapter = note.highlight ? chapters.get(note.highlight.chapterCode)! : null;
          await r.notes.insert({
            user_id: userId,
            book_id: chapter?.book_id ?? null,
            chapter_id: chapter?.id ?? null,
            anchor: note.highlight
              ? JSON.stringify({ ...note.highlight.anchor, exact: normalizeText(note.highlight.anchor.exact) })
              : null,
            source_title: note.quote ? normalizeText(note.quote.sourceTitle) : null,
            source_url: note.quote?.sourceUrl ?? null,
            note_group_id: null,
            color: note.color,
            content: normalizeText(note.content),
            body: note.body ? normalizeText(note.body) : null,
            position: ++position,
            visibility: 'private',
            created_at: note.createdAt,
            updated_at: note.updatedAt,
          });
        }
        return { added: placed.length, skipped, missing };
      });
    },
  };
}

export type NoteExportService = ReturnType<typeof createNoteExportService>;
