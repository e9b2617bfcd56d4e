import { chapterPath } from '#common/paths.ts';
import type { FavoriteBook } from '#common/contracts/favorite.schema.ts';
import { type Note, type PublicNote, ZNoteAnchorSchema } from '#common/contracts/note.schema.ts';
import type { BookListRow } from '#server/repositories/book.repository.ts';
import type { NoteRow } from '#server/repositories/note.repository.ts';
import { presentBookSummary } from './content.presenter.ts';

/** A highlight names its book and chapter; a quote typed by hand, the source its reader gave. */
function sourceOf(row: NoteRow): { sourceTitle: string; sourceUrl: string | null } {
  if (row.book_code && row.chapter_code) {
    const anchor = row.anchor ? ZNoteAnchorSchema.parse(JSON.parse(row.anchor)).paragraph : null;
    return {
      sourceTitle: [row.book_title, row.chapter_title].filter(Boolean).join(' — '),
      sourceUrl: chapterPath(row.chapter_code, row.book_code, { anchor }),
    };
  }
  return { sourceTitle: row.source_title ?? '', sourceUrl: row.source_url };
}

export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    ...sourceOf(row),
    bookCode: row.book_code,
    bookTitle: row.book_title,
    chapterCode: row.chapter_code,
    chapterTitle: row.chapter_title,
    chapterPosition: row.chapter_position,
    color: row.color,
    content: row.content,
    body: row.body,
    anchor: row.anchor ? ZNoteAnchorSchema.parse(JSON.parse(row.anchor)) : null,
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
