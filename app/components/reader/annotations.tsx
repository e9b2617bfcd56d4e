import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { HIGHLIGHT_COLORS, type HighlightColor, type Note, type NoteAnchor } from '#common/contracts/note.schema.ts';
import {
  type NoteGroupChoice,
  noteGroupStore,
  offeredNoteGroups,
  preselectedNoteGroupId,
  useNoteGroupStore,
} from '#app/lib/note-group-store.ts';
import { showToast } from '#app/lib/toast-store.ts';
import { CloseIcon } from '../ui/icons.tsx';
import { anchorFromRange, rangeFromAnchor } from './text-anchor.ts';

export const COLOR_LABELS: Record<HighlightColor, string> = { aqua: 'Xanh', yellow: 'Vàng', red: 'Đỏ' };

/** The CSS Custom Highlight API paints without touching the DOM, so React's text stays as it is. */
function supportsHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
}

function paint(container: HTMLElement, notes: Note[]): Map<number, Range> {
  const ranges = new Map<number, Range>();
  if (!supportsHighlights()) return ranges;
  const byColor: Record<HighlightColor, Range[]> = { aqua: [], yellow: [], red: [] };
  for (const note of notes) {
    const range = note.anchor ? rangeFromAnchor(container, note.anchor) : null;
    if (!range) continue;
    ranges.set(note.id, range);
    byColor[note.color].push(range);
  }
  for (const color of HIGHLIGHT_COLORS) CSS.highlights.set(`pb-${color}`, new Highlight(...byColor[color]));
  return ranges;
}

function caretRangeAt(x: number, y: number): Range | null {
  const doc = document as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  };
  if (doc.caretPositionFromPoint) {
    const pos = doc.caretPositionFromPoint(x, y);
    if (!pos) return null;
    const range = document.createRange();
    range.setStart(pos.offsetNode, pos.offset);
    return range;
  }
  return document.caretRangeFromPoint?.(x, y) ?? null;
}

interface PopupState {
  top: number;
  left: number;
  anchor: NoteAnchor | null;
  text: string;
}

/**
 * Highlights and notes on the chapter text: selecting text shows a popup (three colours and copy);
 * saved highlights are painted back in place, overlapping ones included; a click on one opens its note.
 */
export function ReaderAnnotations({
  containerRef,
  notes,
  loggedIn,
  bookCode,
  chapterCode,
  loginPath,
}: {
  containerRef: React.RefObject<HTMLElement | null>;
  notes: Note[];
  loggedIn: boolean;
  bookCode: string;
  chapterCode: string;
  loginPath: string;
}) {
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [addedTo, setAddedTo] = useState<{ noteId: number; name: string } | null>(null);
  const ranges = useRef(new Map<number, Range>());
  const popupRef = useRef<HTMLDivElement>(null);
  // When the popup was last pressed: a tap on its group list may clear the selection first (touch).
  const pressedAt = useRef(0);
  const fetcher = useFetcher<{ note?: Note; error?: string }>();
  const groupState = useNoteGroupStore();
  const groups = offeredNoteGroups(groupState);
  // The group a new highlight goes into: the reader's pick on this page, else the one used last.
  const [pickedGroup, setPickedGroup] = useState<number | null | undefined>(undefined);
  const groupId = pickedGroup !== undefined ? pickedGroup : preselectedNoteGroupId(groupState);

  // Paint the notes after every render of the text or change of the notes.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    ranges.current = paint(container, notes);
  });
  useEffect(
    () => () => {
      if (supportsHighlights()) for (const color of HIGHLIGHT_COLORS) CSS.highlights.delete(`pb-${color}`);
    },
    [],
  );

  // A new highlight opens its note (and says which group it went into); a refusal is told.
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    const { note, error } = fetcher.data;
    if (note) {
      setActiveId(note.id);
      const group = noteGroupStore.getState().allNoteGroups.find((g) => g.id === note.noteGroupId);
      // Said in the panel itself: a toast would cover the panel's buttons on a phone.
      setAddedTo(group ? { noteId: note.id, name: group.name } : null);
    } else if (error) showToast(error, 'error');
  }, [fetcher.state, fetcher.data]);

  // The popup follows the selection: shown while text of the chapter is selected, hidden otherwise.
  useEffect(() => {
    const onSelectionChange = () => {
      const container = containerRef.current;
      const selection = document.getSelection();
      if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) {
        // Choosing a group in the popup's list may clear the selection: the popup keeps its passage.
        const choosing = popupRef.current?.contains(document.activeElement) || Date.now() - pressedAt.current < 600;
        if (!choosing) setPopup(null);
        return;
      }
      const range = selection.getRangeAt(0);
      if (!container.contains(range.commonAncestorContainer)) return setPopup(null);
      const text = selection.toString();
      if (text.trim() === '') return setPopup(null);
      const rect = range.getBoundingClientRect();
      setPopup({
        top: rect.top + window.scrollY,
        left: Math.min(Math.max(rect.left + rect.width / 2, 120), document.documentElement.clientWidth - 120),
        anchor: anchorFromRange(range, container),
        text,
      });
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [containerRef]);

  // A click (or tap) on a highlight opens its note; the shortest highlight wins where they overlap.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      if (!document.getSelection()?.isCollapsed) return;
      const caret = caretRangeAt(event.clientX, event.clientY);
      if (!caret) return;
      let hit: { id: number; length: number } | null = null;
      for (const [id, range] of ranges.current) {
        if (range.isPointInRange(caret.startContainer, caret.startOffset)) {
          const length = range.toString().length;
          if (!hit || length < hit.length) hit = { id, length };
        }
      }
      if (hit) setActiveId(hit.id);
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [containerRef]);

  // Keeps the popup inside the screen, however wide the group list makes it (phones are narrow).
  useLayoutEffect(() => {
    const el = popupRef.current;
    if (!el || !popup) return;
    const half = el.offsetWidth / 2;
    const width = document.documentElement.clientWidth;
    el.style.left = `${Math.min(Math.max(popup.left, half + 8), Math.max(width - half - 8, half + 8))}px`;
  });

  const highlight = (color: HighlightColor) => {
    if (!popup?.anchor) return;
    void fetcher.submit(
      {
        intent: 'highlight',
        color,
        anchor: JSON.stringify(popup.anchor),
        content: popup.anchor.exact,
        bookCode,
        chapterCode,
        noteGroupId: groupId === null ? '' : String(groupId),
      },
      { method: 'post' },
    );
    // The group used now is offered first next time (on any chapter, after a reload too).
    if (groups.length > 0) noteGroupStore.setRecentNoteGroupId(groupId);
    setPickedGroup(undefined);
    document.getSelection()?.removeAllRanges();
    setPopup(null);
  };

  const copy = async () => {
    if (!popup) return;
    try {
      await navigator.clipboard.writeText(popup.text);
      showToast('Đã chép đoạn văn.', 'success');
    } catch {
      showToast('Không chép được; hãy dùng lệnh chép của trình duyệt.', 'error');
    }
  };

  const active = notes.find((n) => n.id === activeId) ?? null;
  return (
    <>
      {popup ? (
        <div
          className="selection-popup"
          role="toolbar"
          aria-label="Đánh dấu đoạn đã chọn"
          style={{ top: popup.top, left: popup.left }}
          data-testid="selection-popup"
          ref={popupRef}
          // Keep the selection: a press on the popup must not clear it before the click (the
          // group list must still open, though).
          onPointerDown={(e) => {
            if (e.target instanceof HTMLSelectElement) pressedAt.current = Date.now();
          }}
          onMouseDown={(e) => {
            if (!(e.target instanceof HTMLSelectElement)) e.preventDefault();
          }}
          // Leaving the group list for the page (not for the popup's buttons) closes the popup.
          onBlur={(e) => {
            if (!popupRef.current?.contains(e.relatedTarget as Node | null) && document.getSelection()?.isCollapsed) {
              setPopup(null);
            }
          }}
        >
          {loggedIn && popup.anchor && groups.length > 0 ? (
            <>
              <label htmlFor="selection-group" className="visually-hidden">
                Thêm vào nhóm ghi chú
              </label>
              <select
                id="selection-group"
                className="selection-group"
                value={groupId === null ? '' : String(groupId)}
                onChange={(e) => setPickedGroup(e.target.value === '' ? null : Number(e.target.value))}
                data-testid="selection-group"
              >
                <option value="">Không vào nhóm</option>
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {loggedIn ? (
            popup.anchor ? (
              HIGHLIGHT_COLORS.map((color) => (
                <button
                  key={color}
                  type="button"
                  className="swatch"
                  data-color={color}
                  aria-label={`Đánh dấu màu ${COLOR_LABELS[color].toLowerCase()}`}
                  title={COLOR_LABELS[color]}
                  onClick={() => highlight(color)}
                />
              ))
            ) : (
              <span className="selection-hint">Chọn trong một đoạn để đánh dấu</span>
            )
          ) : (
            <Link to={loginPath} className="selection-login">
              Đăng nhập để lưu đánh dấu
            </Link>
          )}
          <button type="button" className="selection-copy" onClick={copy}>
            Chép
          </button>
        </div>
      ) : null}
      {active ? (
        <NotePanel
          key={active.id}
          note={active}
          groups={groups}
          addedTo={addedTo?.noteId === active.id ? addedTo.name : null}
          onClose={() => setActiveId(null)}
        />
      ) : null}
    </>
  );
}

/** The note of a highlight: its words, its colour, the reader's note; save or delete. */
function NotePanel({
  note,
  groups,
  addedTo,
  onClose,
}: {
  note: Note;
  groups: NoteGroupChoice[];
  /** The group the highlight was just put into, to say so. */
  addedTo: string | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ deleted?: boolean }>();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const done = useCallback(() => closeRef.current(), []);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.deleted) done();
  }, [fetcher.state, fetcher.data, done]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && done();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [done]);
  const saving = fetcher.state !== 'idle';
  return (
    <aside className="note-panel" role="dialog" aria-label="Ghi chú" data-testid="note-panel">
      <header className="note-panel-header">
        <span className="note-panel-title">Ghi chú</span>
        <button type="button" className="icon-button" aria-label="Đóng ghi chú" onClick={done}>
          <CloseIcon size={18} />
        </button>
      </header>
      <blockquote className="note-panel-quote" data-color={note.color}>
        {note.content}
      </blockquote>
      {addedTo ? (
        <p className="note-panel-status" role="status">
          Đã thêm vào nhóm “{addedTo}”.
        </p>
      ) : null}
      <fetcher.Form method="post" className="note-panel-form">
        <input type="hidden" name="noteId" value={note.id} />
        <fieldset className="note-panel-colors">
          <legend>Màu</legend>
          {HIGHLIGHT_COLORS.map((color) => (
            <label key={color} className="swatch-choice" title={COLOR_LABELS[color]}>
              <input type="radio" name="color" value={color} defaultChecked={note.color === color} />
              <span className="swatch" data-color={color} aria-hidden="true" />
              <span className="visually-hidden">{COLOR_LABELS[color]}</span>
            </label>
          ))}
        </fieldset>
        {groups.length > 0 ? (
          // Moves the highlight into another of the reader's groups, or out of any.
          <label className="field note-panel-group">
            <span>Nhóm ghi chú</span>
            <select name="noteGroupId" defaultValue={note.noteGroupId === null ? '' : String(note.noteGroupId)}>
              <option value="">Không thuộc nhóm nào</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="field">
          <span>Ghi chú của bạn</span>
          <textarea
            name="body"
            rows={4}
            maxLength={10_000}
            defaultValue={note.body ?? ''}
            placeholder="Điều bạn muốn nhớ…"
          />
        </label>
        <div className="note-panel-actions">
          <button type="submit" name="intent" value="update-note" className="button button-primary" disabled={saving}>
            Lưu ghi chú
          </button>
          <button type="submit" name="intent" value="delete-note" className="button button-ghost" disabled={saving}>
            Xóa đánh dấu
          </button>
        </div>
      </fetcher.Form>
    </aside>
  );
}
