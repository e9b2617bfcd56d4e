import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SortableList } from '#app/components/ui/sortable-list.tsx';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PlaylistItem } from '#common/contracts/playlist.schema.ts';
import { talkPath } from '#common/paths.ts';
import { player, usePlayer, type PlayerTalk } from '#app/lib/player-store.ts';
import { formatClock } from '#common/clock.ts';

/**
 * A playlist: play all in the site's player (it goes on to the next talk by itself, and on playing
 * while the reader browses; previous and next), reorder
 * by dragging (mouse, touch or keyboard, with dnd-kit), take a talk out.
 */
export function PlaylistQueue({ items, name }: { items: readonly PlaylistItem[]; name: string }) {
  const [order, setOrder] = useState(items);
  const state = usePlayer();
  const fetcher = useFetcher();
  useEffect(() => setOrder(items), [items]);

  // Playing this playlist: the player's queue is made of its talks.
  const queueOf = (items: readonly PlaylistItem[]): PlayerTalk[] =>
    items.map((i) => ({ ...i.talk, pageUrl: talkPath(i.talk.collectionId, i.talk.id), albumTitle: name }));
  const playingHere = state.queue.length === order.length && state.queue.every((t, k) => t.id === order[k]?.talk.id);
  const current = playingHere ? (order[state.index] ?? null) : null;
  const playFrom = (index: number, items = order) => player.load(queueOf(items), index, { autoplay: true, startAt: 0 });

  const onReorder = (next: PlaylistItem[]) => {
    setOrder(next);
    void fetcher.submit({ intent: 'reorder', itemIds: JSON.stringify(next.map((i) => i.id)) }, { method: 'post' });
  };

  return (
    <div className="playlist-queue">
      <div className="playlist-now">
        {current ? (
          <p className="playlist-now-title" data-testid="now-playing">
            Đang phát: <strong>{current.talk.title}</strong>
          </p>
        ) : null}
        <div className="talk-controls">
          <button
            type="button"
            className="button button-primary"
            disabled={order.length === 0}
            onClick={() => playFrom(0)}
          >
            Phát tất cả
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={!current || state.index === 0}
            onClick={() => player.playAt(state.index - 1)}
          >
            Bài trước
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={!current || state.index + 1 >= order.length}
            onClick={() => player.playAt(state.index + 1)}
          >
            Bài sau
          </button>
        </div>
      </div>
      <p className="talk-share-hint">Kéo ⠿ để đổi thứ tự (hoặc chọn ⠿ rồi dùng phím mũi tên).</p>
      <SortableList items={order} noun="bài" onReorder={onReorder}>
        <ol className="playlist-items" data-testid="playlist-items">
          {order.map((item, i) => (
            <SortableRow
              key={item.id}
              item={item}
              index={i}
              playing={current?.id === item.id}
              onPlay={() => playFrom(i)}
              onRemove={() => {
                setOrder(order.filter((x) => x.id !== item.id));
                void fetcher.submit({ intent: 'remove-item', id: String(item.id) }, { method: 'post' });
              }}
            />
          ))}
        </ol>
      </SortableList>
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
        <span className="audio-talk-duration">{formatClock(item.talk.duration)}</span>
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
