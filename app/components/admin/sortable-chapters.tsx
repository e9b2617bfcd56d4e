import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SortableList } from '#app/components/ui/sortable-list.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AdminChapterHeading } from '#common/contracts/book-admin.schema.ts';
import { showToast } from '#app/lib/toast-store.ts';

const labelOf = (chapter: AdminChapterHeading) => chapter.title ?? chapter.code;

/**
 * A book's chapters in reading order, reordered by dragging the handle (mouse, touch, or the
 * keyboard: Space, arrows, Space); the new order is saved at once and the list keeps it.
 */
export function SortableChapters({
  bookId,
  bookCode,
  chapters,
  published,
}: {
  bookId: number;
  bookCode: string;
  chapters: AdminChapterHeading[];
  published: boolean;
}) {
  const [order, setOrder] = useState(chapters);
  const fetcher = useFetcher<{ ok: boolean; message?: string | null }>();
  // Each answer is told once (the revalidated list that follows must not repeat it).
  const told = useRef<unknown>(null);
  useEffect(() => setOrder(chapters), [chapters]);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || told.current === fetcher.data) return;
    told.current = fetcher.data;
    if (fetcher.data.ok) showToast('Đã lưu thứ tự chương.', 'success');
    else {
      showToast(fetcher.data.message ?? 'Không lưu được thứ tự chương.', 'error');
      setOrder(chapters);
    }
  }, [fetcher.state, fetcher.data, chapters]);

  const onReorder = (next: AdminChapterHeading[]) => {
    setOrder(next);
    void fetcher.submit(
      { intent: 'reorder', ids: JSON.stringify(next.map((c) => c.id)) },
      { method: 'post', action: `/quan-tri/sach/${bookId}` },
    );
  };

  return (
    <SortableList items={order} noun="chương" onReorder={onReorder}>
      <ol className="admin-chapter-list" data-testid="chapter-list">
        {order.map((chapter, i) => (
          <SortableChapter
            key={chapter.id}
            chapter={chapter}
            position={i + 1}
            bookId={bookId}
            readerHref={published ? `/${chapter.code}/${bookCode}` : null}
          />
        ))}
      </ol>
    </SortableList>
  );
}

function SortableChapter({
  chapter,
  position,
  bookId,
  readerHref,
}: {
  chapter: AdminChapterHeading;
  position: number;
  bookId: number;
  readerHref: string | null;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: chapter.id });
  return (
    <li
      ref={setNodeRef}
      className="admin-chapter-row"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging ? 'true' : undefined}
      data-chapter-id={chapter.id}
    >
      <button
        type="button"
        className="admin-chapter-handle"
        aria-label={`Đổi chỗ chương “${labelOf(chapter)}”`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="admin-chapter-position" aria-hidden="true">
        {position}
      </span>
      <Link to={`/quan-tri/sach/${bookId}/chuong/${chapter.id}`} className="admin-chapter-title">
        {chapter.title ?? <em>Chương không tên</em>}
      </Link>
      <span className="admin-chapter-links">
        <Link to={`/quan-tri/sach/${bookId}/chuong/${chapter.id}`}>Sửa</Link>
        {readerHref ? <Link to={readerHref}>Đọc</Link> : null}
      </span>
    </li>
  );
}
