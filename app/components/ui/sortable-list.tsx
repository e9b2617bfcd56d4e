import {
  closestCenter,
  DndContext,
  type Announcements,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useId, type ReactNode } from 'react';

/**
 * The one way a list is dragged here: a mouse after 6 px (so a click stays a click), a finger
 * after a short press (so a swipe still scrolls the page), and the keyboard's arrows.
 */
function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * What a screen reader is told while a list of `noun` items is dragged (a lower-case Vietnamese
 * noun: "chương", "bài", "ghi chú"): how to drag with the keys, then where the item is.
 */
function sortableAccessibility(noun: string, positionOf: (id: UniqueIdentifier) => number) {
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  const announcements: Announcements = {
    onDragStart: () => `Đã nhấc ${noun} lên.`,
    onDragOver: ({ over }) => (over ? `${capitalised} đang ở vị trí ${positionOf(over.id)}.` : ''),
    onDragEnd: ({ over }) => (over ? `Đã đặt ${noun} ở vị trí ${positionOf(over.id)}.` : ''),
    onDragCancel: () => `Đã huỷ, ${noun} về chỗ cũ.`,
  };
  return {
    screenReaderInstructions: {
      draggable: `Nhấn phím cách để nhấc ${noun} lên, dùng phím mũi tên để di chuyển, nhấn phím cách lần nữa để đặt xuống, hoặc Esc để huỷ.`,
    },
    announcements,
  };
}

/**
 * A vertical list reordered by dragging its rows' handles (`useSortable` in each row): mouse,
 * touch or the keyboard (Space, arrows, Space), told in Vietnamese. A drop hands `onReorder` the
 * items in their new order; the caller keeps and saves it.
 */
export function SortableList<T extends { id: UniqueIdentifier }>({
  items,
  noun,
  onReorder,
  children,
}: {
  items: readonly T[];
  noun: string;
  onReorder: (next: T[]) => void;
  children: ReactNode;
}) {
  // dnd-kit's accessibility ids must be the same on the server and in the browser (hydration).
  const dndId = useId();
  const sensors = useSortableSensors();
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove([...items], positionOf(active.id) - 1, positionOf(over.id) - 1));
  };
  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableAccessibility(noun, positionOf)}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
