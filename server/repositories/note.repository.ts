import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { NotesTable } from '#server/db/schema.ts';

/** A note with the book and chapter it belongs to. */
export interface NoteRow {
  id: number;
  user_id: number;
  book_id: number;
  chapter_id: number;
  note_group_id: number | null;
  color: NotesTable['color'];
  content: string;
  body: string | null;
  anchor: string;
  position: number;
  visibility: NotesTable['visibility'];
  created_at: string;
  updated_at: string;
  book_code: string;
  book_title: string;
  chapter_code: string;
  chapter_title: string | null;
  chapter_position: number;
  author_name: string;
}

/** Readers' highlights and notes. Every query of a reader's notes is scoped by user_id. */
export function createNoteRepository(db: Executor) {
  const withContext = () =>
    db
      .selectFrom('notes')
      .innerJoin('books', 'books.id', 'notes.book_id')
      .innerJoin('chapters', 'chapters.id', 'notes.chapter_id')
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
    async findOwned(userId: number, id: number): Promise<NoteRow | null> {
      return (
        (await withContext().where('notes.id', '=', id).where('notes.user_id', '=', userId).executeTakeFirst()) ?? null
      );
    },
    async findPublic(id: number): Promise<NoteRow | null> {
      return (
        (await withContext()
          .where('notes.id', '=', id)
          .where('notes.visibility', '=', 'public')
          .where('books.status', '=', 'published')
          .executeTakeFirst()) ?? null
      );
    },
    async listOfBook(userId: number, bookId: number): Promise<NoteRow[]> {
      return withContext()
        .where('notes.user_id', '=', userId)
        .where('notes.book_id', '=', bookId)
        .orderBy('chapters.position')
        .orderBy('notes.created_at')
        .orderBy('notes.id')
        .execute();
    },
    async listUngrouped(userId: number): Promise<NoteRow[]> {
      return withContext()
        .where('notes.user_id', '=', userId)
        .where('notes.note_group_id', 'is', null)
        .orderBy('notes.position')
        .orderBy('notes.id', 'desc')
        .execute();
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
