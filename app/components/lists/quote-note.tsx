import { Link } from 'react-router';
import type { PublicNote } from '#common/contracts/note.schema.ts';
import { COLOR_LABELS } from '#app/components/reader/annotations.tsx';

/**
 * One note of a published list: the words (in the reader's serif), the compiler's note, and the
 * source — the chapter on this site, or the web address they typed (which leaves the site).
 */
export function QuoteNote({ note }: { note: PublicNote }) {
  const internal = note.sourceUrl?.startsWith('/') ?? false;
  return (
    <li className={`quote-note quote-note-${note.color}`} data-testid="quote-note">
      <span className="visually-hidden">Màu đánh dấu: {COLOR_LABELS[note.color]}.</span>
      <blockquote className="quote-note-text">{note.content}</blockquote>
      {note.body ? <p className="quote-note-body">{note.body}</p> : null}
      <p className="quote-note-source">
        Nguồn:{' '}
        {note.sourceUrl ? (
          internal ? (
            <Link to={note.sourceUrl}>{note.sourceTitle}</Link>
          ) : (
            <a href={note.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
              {note.sourceTitle}
            </a>
          )
        ) : (
          note.sourceTitle
        )}
      </p>
    </li>
  );
}
