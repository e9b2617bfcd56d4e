import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { NotesTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

/** A note with the book and chapter it belongs to (none for a quote typed by hand). */
export interface NoteRow {
  id: number;
  user_id: number;
  book_id: number | null;
  chapter_id: number | null;
  note_group_id: number | null;
  color: NotesTable['color'];
  content: string;
  body: string | null;
  anchor: string | null;
  source_title: string | null;
  source_url: string | null;
  position: number;
  visibility: NotesTable['visibility'];
  created_at: string;
  updated_at: string;
  book_code: string | null;
  book_title: string | null;
  chapter_code: string | null;
  chapter_title: string | null;
  chapter_position: number | null;
  author_name: string;
}

/** How the notes of a group are listed (`custom` is the reader's own order, POST /order_notes). */
export type NoteSort = 'a-z' | 'z-a' | 'newest' | 'oldest' | 'custom';

/**
 * The order of a group's notes. Text order is the byte order of the stored (NFC) text, the same
 * on both engines; the service re-sorts a page by the Vietnamese collation when it filters.
 */
function orderNotes<Q extends { orderBy: (...args: never[]) => Q }>(query: Q, sort: NoteSort): Q {
  const q = query as unknown as {
    orderBy(column: string, direction?: 'asc' | 'desc'): typeof q;
  };
  const ordered =
    sort === 'z-a'
      ? q.orderBy('notes.content', 'desc')
      : sort === 'newest'
        ? q.orderBy('notes.created_at', 'desc')
        : sort === 'oldest'
          ? q.orderBy('notes.created_at', 'asc')
          : sort === 'custom'
            ? q.orderBy('notes.position', 'asc')
            : q.orderBy('notes.content', 'asc');
  return ordered.orderBy('notes.id', sort === 'newest' || sort === 'z-a' ? 'desc' : 'asc') as unknown as Q;
}

/** Readers' highlights and notes. Every query of a reader's notes is scoped by user_id. */
export function createNoteRepository(db: Executor) {
  const withContext = () =>
    db
      .selectFrom('notes')
      .leftJoin('books', 'books.id', 'notes.book_id')
      .leftJoin('chapters', 'chapters.id', 'notes.chapter_id')
      .innerJoin('users', 'users.id', 'notes.user_id')
      .selectAll('notes')
      .select([
        'books.code as book_code',
        'books.title as book_title',
        'chapters.code as chapter_code',
        'chapters.title as chapter_title',
        'chapters.position as chapter_position',
        'users.display_name as author_name',
      ]);

  return {
    async insert(note: Insertable<NotesTable>): Promise<number> {
      const { id } = await db.insertInto('notes').values(note).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /** The note's own row, as stored (kept with its removal: decision 0049). */
    async storedRowOwned(userId: number, id: number): Promise<Selectable<NotesTable> | undefined> {
      return db.selectFrom('notes').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    async findOwned(userId: number, id: number): Promise<NoteRow | null> {
      return (
        (await withContext().where('notes.id', '=', id).where('notes.user_id', '=', userId).executeTakeFirst()) ?? null
      );
    },
    /** The reader's note made offline under this browser-made id (decision 0030). */
    async findOwnedByClientId(userId: number, clientId: string): Promise<NoteRow | null> {
      return (
        (await withContext()
          .where('notes.user_id', '=', userId)
          .where('notes.client_id', '=', clientId)
          .executeTakeFirst()) ?? null
      );
    },
    async findPublic(id: number): Promise<NoteRow | null> {
      return (
        (await withContext()
          .where('notes.id', '=', id)
          .where('notes.visibility', '=', 'public')
          .where((eb) => eb.or([eb('notes.book_id', 'is', null), eb('books.status', '=', 'published')]))
          .executeTakeFirst()) ?? null
      );
    },
    /** One page of the reader's notes in a book (or in one chapter of it), in reading order. */
    async pageOfBook(
      userId: number,
      place: { bookId: number; chapterId?: number },
      page: { offset: number; limit: number },
    ): Promise<{ rows: NoteRow[]; total: number }> {
      const { bookId, chapterId } = place;
      const rows = await withContext()
        .where('notes.user_id', '=', userId)
        .where('notes.book_id', '=', bookId)
        .$if(chapterId !== undefined, (q) => q.where('notes.chapter_id', '=', chapterId!))
        .orderBy('chapters.position')
        .orderBy('notes.created_at')
        .orderBy('notes.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const count = await db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .$if(chapterId !== undefined, (q) => q.where('chapter_id', '=', chapterId!))
        .executeTakeFirst();
      return { rows, total: toCount(count?.n as string | number | undefined) };
    },
    /** One page of the reader's notes in no group, in their own order. */
    async pageUngrouped(
      userId: number,
      page: { offset: number; limit: number },
    ): Promise<{ rows: NoteRow[]; total: number }> {
      const rows = await withContext()
        .where('notes.user_id', '=', userId)
        .where('notes.note_group_id', 'is', null)
        .orderBy('notes.position')
        .orderBy('notes.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const count = await db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('note_group_id', 'is', null)
        .executeTakeFirst();
      return { rows, total: toCount(count?.n as string | number | undefined) };
    },
    /** How many notes the reader has (the cap per account). */
    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return toCount(row?.n as string | number | undefined);
    },
    async maxPosition(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notes')
        .select((eb) => eb.fn.max('position').as('max'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.max ?? 0);
    },
    async update(userId: number, id: number, changes: Updateable<NotesTable>): Promise<boolean> {
      const result = await db
        .updateTable('notes')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('notes').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Every note the reader keeps in any group, each group's notes in the reader's order. */
    async listInGroupsOf(userId: number): Promise<NoteRow[]> {
      return orderNotes(
        withContext().where('notes.user_id', '=', userId).where('notes.note_group_id', 'is not', null),
        'custom',
      ).execute();
    },
    /**
     * The reader's notes to take away, filtered by colour, book and creation time (ISO bounds,
     * `from` inclusive, `before` exclusive), by book, chapter and place in it, quotes typed by hand last.
     */
    async listForExport(
      userId: number,
      filter: { colors?: NotesTable['color'][]; bookCode?: string; from?: string; before?: string } = {},
    ): Promise<NoteRow[]> {
      return withContext()
        .where('notes.user_id', '=', userId)
        .$if(!!filter.colors?.length, (q) => q.where('notes.color', 'in', filter.colors!))
        .$if(filter.bookCode !== undefined, (q) => q.where('books.code', '=', filter.bookCode!))
        .$if(filter.from !== undefined, (q) => q.where('notes.created_at', '>=', filter.from!))
        .$if(filter.before !== undefined, (q) => q.where('notes.created_at', '<', filter.before!))
        .orderBy((eb) => eb.case().when('notes.book_id', 'is', null).then(1).else(0).end())
        .orderBy('books.title')
        .orderBy('books.id')
        .orderBy('chapters.position')
        .orderBy('notes.created_at')
        .orderBy('notes.id')
        .execute();
    },

    /** Every note of a group in this order (PDF export, public lists). */
    async listOfGroup(groupId: number, sort: NoteSort): Promise<NoteRow[]> {
      return orderNotes(withContext().where('notes.note_group_id', '=', groupId), sort).execute();
    },

    /** The groups these notes are in now (to send edited approved groups back to moderation). */
    async groupIdsOf(userId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('notes')
        .select('note_group_id')
        .distinct()
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('note_group_id', 'is not', null)
        .execute();
      return rows.map((r) => r.note_group_id!);
    },

    /** How many of these ids the user owns (to refuse an order naming someone else's notes). */
    async countOwned(userId: number, ids: number[]): Promise<number> {
      const row = await db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
