import type { Note } from '#common/contracts/note.schema.ts';
import { ExternalIcon } from '#app/components/ui/icons.tsx';
import { COLOR_LABELS } from '#app/components/reader/annotations.tsx';
import { Link } from 'react-router';

/**
 * One note as the reader's collection shows it: the highlight colour as a bar on the left, the
 * words, the reader's own note, and where the words come from (the chapter on this site, or the
 * web address typed with a quote, opened apart and without passing on the reader's page).
 */
export function NoteCard({
  note,
  children,
  handle,
}: {
  note: Note;
  children?: React.ReactNode;
  handle?: React.ReactNode;
}) {
  const external = note.sourceUrl !== null && /^https?:\/\//i.test(note.sourceUrl);
  return (
    <article className="note-card" data-color={note.color} data-testid="note-card">
      {handle}
      <div className="note-card-body">
        <span className="visually-hidden">Màu {COLOR_LABELS[note.color].toLowerCase()}. </span>
        <blockquote className="note-card-quote">{note.content}</blockquote>
        {note.body ? <p className="note-card-note">{note.body}</p> : null}
        <div className="note-card-foot">
          <p className="note-card-source">
            {note.sourceUrl === null ? (
              <span>{note.sourceTitle}</span>
            ) : external ? (
              <a href={note.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
                {note.sourceTitle} <ExternalIcon size={13} />
              </a>
            ) : (
              <Link to={note.sourceUrl}>{note.sourceTitle}</Link>
            )}
          </p>
          {children ? <div className="note-card-actions">{children}</div> : null}
        </div>
      </div>
    </article>
  );
}
