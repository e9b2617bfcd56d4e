import type { FavoriteBook } from '#common/contracts/favorite.schema.ts';
import { type Note, type PublicNote, ZNoteAnchorSchema } from '#common/contracts/note.schema.ts';
import type { BookListRow } from '#server/repositories/book.repository.ts';
import type { NoteRow } from '#server/repositories/note.repository.ts';
import { presentBookSummary } from './content.presenter.ts';

export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    bookCode: row.book_code,
    bookTitle: row.book_title,
    chapterCode: row.chapter_code,
    chapterTitle: row.chapter_title,
    chapterPosition: row.chapter_position,
    color: row.color,
    content: row.content,
    body: row.body,
    anchor: ZNoteAnchorSchema.parse(JSON.parse(row.anchor)),
    noteGroupId: row.note_group_id,
    position: row.position,
    isPublic: row.visibility === 'public',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentPublicNote(row: NoteRow): PublicNote {
  const { noteGroupId: _group, position: _position, ...note } = presentNote(row);
  return { ...note, authorName: row.author_name };
}

export function presentFavoriteBook(row: BookListRow & { saved_at: string }): FavoriteBook {
  return { ...presentBookSummary(row), savedAt: row.saved_at };
}
