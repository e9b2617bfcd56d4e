import {
  DndContext,
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PlaylistItem } from '#common/contracts/playlist.schema.ts';
import { clock } from './talk-player.tsx';

/**
 * A playlist: play all (the queue goes on to the next talk by itself; previous and next), reorder
 * by dragging (mouse, touch or keyboard, with dnd-kit), take a talk out.
 */
export function PlaylistQueue({ items }: { items: readonly PlaylistItem[] }) {
  const [order, setOrder] = useState(items);
  const [playing, setPlaying] = useState<number | null>(null); // index in order
  const audio = useRef<HTMLAudioElement>(null);
  const fetcher = useFetcher();
  // dnd-kit's accessibility ids must be the same on the server and in the browser (hydration).
  const dndId = useId();
  useEffect(() => setOrder(items), [items]);

  const current = playing === null ? null : (order[playing] ?? null);
  useEffect(() => {
    if (current && audio.current) void audio.current.play().catch(() => {});
  }, [current]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    const next = arrayMove([...order], from, to);
    const playingId = current?.id;
    setOrder(next);
    if (playingId !== undefined) setPlaying(next.findIndex((i) => i.id === playingId));
    void fetcher.submit({ intent: 'reorder', itemIds: JSON.stringify(next.map((i) => i.id)) }, { method: 'post' });
  };

  return (
    <div className="playlist-queue">
      <div className="playlist-now">
        {current ? (
          <>
            <p className="playlist-now-title" data-testid="now-playing">
              Đang phát: <strong>{current.talk.title}</strong>
            </p>
            <audio
              ref={audio}
              key={current.id}
              src={current.talk.url}
              controls
              preload="metadata"
              onEnded={() => setPlaying(playing !== null && playing + 1 < order.length ? playing + 1 : null)}
            />
          </>
        ) : null}
        <div className="talk-controls">
          <button
            type="button"
            className="button button-primary"
            disabled={order.length === 0}
            onClick={() => setPlaying(0)}
          >
            Phát tất cả
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={playing === null || playing === 0}
            onClick={() => setPlaying((p) => (p === null ? null : Math.max(0, p - 1)))}
          >
            Bài trước
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={playing === null || playing + 1 >= order.length}
            onClick={() => setPlaying((p) => (p === null ? null : Math.min(order.length - 1, p + 1)))}
          >
            Bài sau
          </button>
        </div>
      </div>
      <p className="talk-share-hint">Kéo ⠿ để đổi thứ tự (hoặc chọn ⠿ rồi dùng phím mũi tên).</p>
      <DndContext id={dndId} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ol className="playlist-items" data-testid="playlist-items">
            {order.map((item, i) => (
              <SortableRow
                key={item.id}
                item={item}
                index={i}
                playing={current?.id === item.id}
                onPlay={() => setPlaying(i)}
                onRemove={() => {
                  setOrder(order.filter((x) => x.id !== item.id));
                  if (current?.id === item.id) setPlaying(null);
                  void fetcher.submit({ intent: 'remove-item', id: String(item.id) }, { method: 'post' });
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

function SortableRow({
  item,
  index,
  playing,
  onPlay,
  onRemove,
}: {
  item: PlaylistItem;
  index: number;
  playing: boolean;
  onPlay: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className="playlist-item"
      data-dragging={isDragging ? 'true' : undefined}
      aria-current={playing ? 'true' : undefined}
      data-testid="playlist-item"
    >
      <button
        type="button"
        className="playlist-handle"
        aria-label={`Đổi chỗ bài ${item.talk.title}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className="audio-talk-number">{index + 1}</span>
      <button type="button" className="playlist-item-play" onClick={onPlay}>
        <span className="audio-talk-title">{item.talk.title}</span>
        <span className="audio-talk-duration">{clock(item.talk.duration)}</span>
      </button>
      <button
        type="button"
        className="link-button"
        onClick={onRemove}
        aria-label={`Bỏ ${item.talk.title} khỏi danh sách`}
      >
        Bỏ
      </button>
    </li>
  );
}
