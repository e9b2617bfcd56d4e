import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { HIGHLIGHT_COLORS, type HighlightColor, type Note, type NoteAnchor } from '#common/contracts/note.schema.ts';
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
  const ranges = useRef(new Map<number, Range>());
  const fetcher = useFetcher<{ note?: Note }>();

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

  // A new highlight opens its note.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.note) setActiveId(fetcher.data.note.id);
  }, [fetcher.state, fetcher.data]);

  // The popup follows the selection: shown while text of the chapter is selected, hidden otherwise.
  useEffect(() => {
    const onSelectionChange = () => {
      const container = containerRef.current;
      const selection = document.getSelection();
      if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) return setPopup(null);
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

  const highlight = (color: HighlightColor) => {
    if (!popup?.anchor) return;
    fetcher.submit(
      {
        intent: 'highlight',
        color,
        anchor: JSON.stringify(popup.anchor),
        content: popup.anchor.exact,
        bookCode,
        chapterCode,
      },
      { method: 'post' },
    );
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
          // Keep the selection: a press on the popup must not clear it before the click.
          onMouseDown={(e) => e.preventDefault()}
        >
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
      {active ? <NotePanel key={active.id} note={active} onClose={() => setActiveId(null)} /> : null}
    </>
  );
}

/** The note of a highlight: its words, its colour, the reader's note; save or delete. */
function NotePanel({ note, onClose }: { note: Note; onClose: () => void }) {
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
