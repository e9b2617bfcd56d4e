import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Note, NoteAnchor } from '#common/contracts/note.schema.ts';
import { HIGHLIGHT_COLORS, type HighlightColor } from '#common/contracts/note.values.ts';
import {
  noteGroupStore,
  offeredNoteGroups,
  preselectedNoteGroupId,
  useNoteGroupStore,
} from '#app/lib/note-group-store.ts';
import { showToast } from '#app/lib/toast-store.ts';
import { lookupTermOf } from '#common/text/lookup-term.ts';
import { COLOR_LABELS } from './highlight-colors.ts';
import { anchorFromRange, rangeFromAnchor } from './text-anchor.ts';
import { type PaintedNote, useOfflineHighlights } from './use-offline-highlights.ts';

export { COLOR_LABELS };

// The note panel opens only on a highlight (logged-in readers): its code comes on the first opening.
const NotePanel = lazy(() => import('./note-panel.tsx'));
// "Sửa lỗi": the correction dialog loads when a reader first opens it (decision 0031).
const CorrectionDialog = lazy(() =>
  import('#app/components/corrections/correction-dialog.tsx').then((m) => ({ default: m.CorrectionDialog })),
);

// "Tra từ": the look-up of a selected term loads on first use.
const TermLookupSheet = lazy(() => import('./term-lookup-sheet.tsx').then((m) => ({ default: m.TermLookupSheet })));

/** The CSS Custom Highlight API paints without touching the DOM, so React's text stays as it is. */
function supportsHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
}

/** Highlights whose reader wrote a note: underlined as well (pb-noted), and marked in the margin. */
const hasNote = (note: PaintedNote) => (note.body ?? '').trim() !== '';

function paint(container: HTMLElement, notes: PaintedNote[], isWaiting: (id: number) => boolean): Map<number, Range> {
  const ranges = new Map<number, Range>();
  if (!supportsHighlights()) return ranges;
  const byColor: Record<HighlightColor, Range[]> = { aqua: [], yellow: [], red: [] };
  const noted: Range[] = [];
  const waiting: Range[] = [];
  for (const note of notes) {
    const range = note.anchor ? rangeFromAnchor(container, note.anchor) : null;
    if (!range) continue;
    ranges.set(note.id, range);
    byColor[note.color].push(range);
    if (hasNote(note)) noted.push(range);
    if (isWaiting(note.id)) waiting.push(range);
  }
  for (const color of HIGHLIGHT_COLORS) CSS.highlights.set(`pb-${color}`, new Highlight(...byColor[color]));
  CSS.highlights.set('pb-noted', new Highlight(...noted));
  CSS.highlights.set('pb-waiting', new Highlight(...waiting));
  return ranges;
}

interface NoteMark {
  id: number;
  top: number;
  left: number;
  label: string;
}

/** Where each note's mark goes: in the right margin, level with the last line of its highlight (page coordinates). */
function placeNoteMarks(container: HTMLElement, notes: PaintedNote[], ranges: Map<number, Range>): NoteMark[] {
  const right = container.getBoundingClientRect().right + window.scrollX;
  const marks: NoteMark[] = [];
  for (const note of notes) {
    const range = ranges.get(note.id);
    if (!range || !hasNote(note)) continue;
    const lines = range.getClientRects();
    const last = lines[lines.length - 1];
    if (!last) continue;
    const quote = note.content.length > 40 ? `${note.content.slice(0, 40)}…` : note.content;
    marks.push({
      id: note.id,
      top: last.top + last.height / 2 + window.scrollY,
      left: right,
      label: `Mở ghi chú của đoạn “${quote}”`,
    });
  }
  return marks;
}

const sameMarks = (a: NoteMark[], b: NoteMark[]) =>
  a.length === b.length &&
  a.every((m, i) => m.id === b[i]!.id && m.top === b[i]!.top && m.left === b[i]!.left && m.label === b[i]!.label);

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
  /** Under the selection, or docked at the bottom of the screen when there is no room under it. */
  placement: 'below' | 'sheet';
  top: number;
  left: number;
  anchor: NoteAnchor | null;
  text: string;
}

/** The popup's height and the gap under the selection (wider on touch, under the phone's handles): reader.css. */
const POPUP_HEIGHT_PX = 44;
const GAP_PX = { fine: 12, coarse: 30 };

/**
 * The lowest line a popup may reach: the bottom of the screen, or the top of the bars fixed at the
 * bottom (bottom bar, player) while they are shown.
 */
function usableBottom(): number {
  let bottom = window.innerHeight;
  for (const bar of document.querySelectorAll<HTMLElement>('.bottom-bar, .player-bar')) {
    const r = bar.getBoundingClientRect();
    if (r.height > 0 && r.top < bottom && r.bottom > window.innerHeight - 4) bottom = r.top;
  }
  return bottom;
}

/**
 * Where the tools go: under the selection (above it is where Android and iOS open their own copy
 * menu); when the selection ends too low for that, in a sheet at the bottom of the screen.
 */
function placePopup(rect: DOMRect): Pick<PopupState, 'placement' | 'top' | 'left'> {
  const gap = window.matchMedia('(pointer: coarse)').matches ? GAP_PX.coarse : GAP_PX.fine;
  const left = Math.min(Math.max(rect.left + rect.width / 2, 120), document.documentElement.clientWidth - 120);
  const fits = rect.bottom + gap + POPUP_HEIGHT_PX + 8 <= usableBottom();
  return { placement: fits ? 'below' : 'sheet', top: rect.bottom + window.scrollY, left };
}

/**
 * Highlights and notes on the chapter text: selecting text shows a popup (three colours and copy);
 * saved highlights are painted back in place, overlapping ones included; a click on one opens its note.
 */
export function ReaderAnnotations({
  containerRef,
  loggedIn,
  bookCode,
  chapterCode,
  loginPath,
  notes: savedNotes,
}: {
  containerRef: React.RefObject<HTMLElement | null>;
  notes: Note[];
  loggedIn: boolean;
  bookCode: string;
  chapterCode: string;
  loginPath: string;
}) {
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [marks, setMarks] = useState<NoteMark[]>([]);
  // Bumped when the text reflows (a new width or text size, the web fonts arriving): the marks follow.
  const [reflow, setReflow] = useState(0);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [addedTo, setAddedTo] = useState<{ noteId: number; name: string } | null>(null);
  // The paragraph a correction is being written for: its id and its text as the page shows it.
  const [correcting, setCorrecting] = useState<{ anchor: string; text: string } | null>(null);
  // The term being looked up, and the paragraph it was selected in (the focus goes back there).
  const [lookingUp, setLookingUp] = useState<{ term: string; paragraph: string | null } | null>(null);
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
  const offline = useOfflineHighlights(chapterCode, loggedIn);
  // Notes changed or deleted offline show as the reader left them until the server has the change.
  const { withChanges } = offline;
  const notes = useMemo(() => withChanges(savedNotes), [savedNotes, withChanges]);

  // Paint the notes after every render of the text or change of the notes.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    ranges.current = paint(container, [...notes, ...offline.pending], offline.isWaiting);
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const next = placeNoteMarks(container, notes, ranges.current);
    setMarks((old) => (sameMarks(old, next) ? old : next));
  }, [containerRef, notes, reflow]);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(() => setReflow((n) => n + 1));
    observer.observe(container);
    return () => observer.disconnect();
  }, [containerRef]);
  useEffect(
    () => () => {
      if (!supportsHighlights()) return;
      for (const color of HIGHLIGHT_COLORS) CSS.highlights.delete(`pb-${color}`);
      CSS.highlights.delete('pb-noted');
      CSS.highlights.delete('pb-waiting');
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
      setPopup({
        ...placePopup(range.getBoundingClientRect()),
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
      // A highlight made offline (negative id) has no saved note to open yet.
      if (hit && hit.id > 0) setActiveId(hit.id);
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [containerRef]);

  // Keeps the popup inside the screen, however wide the group list makes it (phones are narrow).
  useLayoutEffect(() => {
    const el = popupRef.current;
    if (!el || !popup) return;
    // The sheet spans the bottom of the screen (reader.css): no place to compute.
    if (popup.placement === 'sheet') {
      el.style.left = '';
      // The selection stays in sight: the page moves up when its end would lie under the sheet.
      const selection = document.getSelection();
      if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
      const hidden = selection.getRangeAt(0).getBoundingClientRect().bottom - (el.getBoundingClientRect().top - 12);
      if (hidden > 0) window.scrollBy({ top: hidden, behavior: 'instant' });
      return;
    }
    const half = el.offsetWidth / 2;
    const width = document.documentElement.clientWidth;
    el.style.left = `${Math.min(Math.max(popup.left, half + 8), Math.max(width - half - 8, half + 8))}px`;
  });

  const highlight = (color: HighlightColor) => {
    if (!popup?.anchor) return;
    // Without a network the highlight waits in this browser and goes to the account when it returns.
    if (!navigator.onLine) void offline.keep({ bookCode, color, anchor: popup.anchor, noteGroupId: groupId });
    else
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

  const correct = () => {
    const paragraph = popup?.anchor?.paragraph;
    const text = paragraph ? containerRef.current?.querySelector(`[id="${paragraph}"]`)?.textContent : null;
    if (!paragraph || !text) return;
    setCorrecting({ anchor: paragraph, text: text.replace(/\s+/g, ' ').trim() });
    setPopup(null);
    document.getSelection()?.removeAllRanges();
  };

  const lookUp = (term: string) => {
    setLookingUp({ term, paragraph: popup?.anchor?.paragraph ?? null });
    setPopup(null);
    document.getSelection()?.removeAllRanges();
  };
  const closeLookUp = () => {
    const paragraph = lookingUp?.paragraph;
    setLookingUp(null);
    const el = paragraph ? containerRef.current?.querySelector<HTMLElement>(`[id="${paragraph}"]`) : null;
    if (el) {
      el.tabIndex = -1;
      el.focus({ preventScroll: true });
    }
  };
  const term = popup ? lookupTermOf(popup.text) : null;

  const active = notes.find((n) => n.id === activeId) ?? null;
  return (
    <>
      {marks.map((mark) => (
        <button
          key={mark.id}
          type="button"
          className="note-mark"
          style={{ top: mark.top, left: mark.left }}
          aria-label={mark.label}
          title="Ghi chú"
          data-testid="note-mark"
          onClick={() => setActiveId(mark.id)}
        >
          <NoteGlyph />
        </button>
      ))}
      {popup ? (
        <div
          className="selection-popup"
          role="toolbar"
          aria-label="Đánh dấu đoạn đã chọn"
          style={popup.placement === 'below' ? { top: popup.top, left: popup.left } : undefined}
          data-placement={popup.placement}
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
          {term ? (
            <button type="button" className="selection-copy" onClick={() => lookUp(term)}>
              Tra từ
            </button>
          ) : null}
          {loggedIn && popup.anchor ? (
            <button type="button" className="selection-copy" onClick={correct} data-testid="suggest-correction">
              Sửa lỗi
            </button>
          ) : null}
        </div>
      ) : null}
      {correcting ? (
        <Suspense fallback={null}>
          <CorrectionDialog
            target={{ chapterCode, anchor: correcting.anchor }}
            text={correcting.text}
            heading="Báo lỗi, đề xuất sửa đoạn này"
            onClose={() => setCorrecting(null)}
            onSent={() => {
              setCorrecting(null);
              showToast('Đã gửi đề xuất sửa. Cảm ơn bạn! Người kiểm duyệt sẽ xem sớm.', 'success');
            }}
          />
        </Suspense>
      ) : null}
      {lookingUp ? (
        <Suspense fallback={null}>
          <TermLookupSheet term={lookingUp.term} onClose={closeLookUp} />
        </Suspense>
      ) : null}
      {active ? (
        <Suspense fallback={null}>
          <NotePanel
            key={active.id}
            note={active}
            groups={groups}
            addedTo={addedTo?.noteId === active.id ? addedTo.name : null}
            onClose={() => setActiveId(null)}
            onOfflineChange={(change) => {
              void offline.keepNoteChange(change);
              setActiveId(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A folded page with lines: a written note. */
function NoteGlyph() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
    >
      <path d="M5 3h10l4 4v14H5Z" />
      <path d="M9 11h6M9 15h6" />
    </svg>
  );
}
