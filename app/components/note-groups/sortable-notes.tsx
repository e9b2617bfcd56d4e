import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SortableList } from '#app/components/ui/sortable-list.tsx';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Note } from '#common/contracts/note.schema.ts';
import { showToast } from '#app/lib/toast-store.ts';
import type { NoteGroupsAction } from '#app/routes/profile/note-groups.tsx';
import { NoteCard } from './note-card.tsx';

/** A short name of a note for buttons read aloud: its first words. */
export function noteLabel(note: Note): string {
  const words = note.content.split(/\s+/).slice(0, 6).join(' ');
  return words.length < note.content.length ? `${words}…` : words;
}

/**
 * The notes of one page in the reader's own order, reordered by dragging the handle (mouse, touch,
 * or keyboard: Space, arrows, Space) as the playlist is; the new order is saved at once.
 */
export function SortableNotes({
  notes,
  offset,
  renderActions,
}: {
  notes: Note[];
  offset: number;
  renderActions: (note: Note) => React.ReactNode;
}) {
  const [order, setOrder] = useState(notes);
  const fetcher = useFetcher<NoteGroupsAction>();
  useEffect(() => setOrder(notes), [notes]);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && fetcher.data.message) {
      showToast(fetcher.data.message, 'error');
    }
  }, [fetcher.state, fetcher.data]);

  const onReorder = (next: Note[]) => {
    setOrder(next);
    void fetcher.submit(
      { intent: 'reorder', ids: JSON.stringify(next.map((n) => n.id)), offset: String(offset) },
      { method: 'post' },
    );
  };

  return (
    <SortableList items={order} noun="ghi chú" onReorder={onReorder}>
      <ol className="note-list" data-testid="note-list">
        {order.map((note) => (
          <SortableNote key={note.id} note={note}>
            {renderActions(note)}
          </SortableNote>
        ))}
      </ol>
    </SortableList>
  );
}

function SortableNote({ note, children }: { note: Note; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: note.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging ? 'true' : undefined}
    >
      <NoteCard
        note={note}
        handle={
          <button
            type="button"
            className="note-handle"
            aria-label={`Đổi chỗ ghi chú “${noteLabel(note)}”`}
            {...attributes}
            {...listeners}
          >
            ⠿
          </button>
        }
      >
        {children}
      </NoteCard>
    </li>
  );
}
