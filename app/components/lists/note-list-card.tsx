import { Link } from 'react-router';
import type { PublicNoteGroup } from '#common/contracts/note-group.schema.ts';
import { QuoteIcon } from '#app/components/ui/icons.tsx';
import { formatDate, formatNumber } from '#app/lib/format.ts';

/** A published note group as a card on the quotes page and the moderator's page. */
export function NoteListCard({ group }: { group: PublicNoteGroup }) {
  return (
    <Link to={group.path} className="note-list-card" data-testid="note-list-card">
      <span className="note-list-card-icon" aria-hidden="true">
        <QuoteIcon size={22} />
      </span>
      <span className="note-list-card-body">
        <span className="note-list-card-title">
          {group.name}
          {group.featured ? <span className="note-list-badge">Nổi bật</span> : null}
        </span>
        {group.description ? <span className="note-list-card-text">{group.description}</span> : null}
        <span className="note-list-card-meta">
          {group.authorName} · {formatNumber(group.noteCount)} trích dẫn
          {group.approvedAt ? ` · ${formatDate(group.approvedAt)}` : ''}
        </span>
      </span>
    </Link>
  );
}
