import { useCallback, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { Note } from '#common/contracts/note.schema.ts';
import { HIGHLIGHT_COLORS } from '#common/contracts/note.values.ts';
import type { NoteGroupChoice } from '#app/lib/note-group-store.ts';
import { quoteCardPath, quoteSharePath, type PassageRange } from '#common/paths.ts';
import { showToast } from '#app/lib/toast-store.ts';
import { CloseIcon } from '../ui/icons.tsx';
import { COLOR_LABELS } from './highlight-colors.ts';
import type { OfflineNoteChange } from './use-offline-highlights.ts';

/** The note of a highlight: its words, its colour, the reader's note; save or delete. */
export default function NotePanel({
  note,
  groups,
  addedTo,
  onClose,
  onOfflineChange,
}: {
  note: Note;
  groups: NoteGroupChoice[];
  /** The group the highlight was just put into, to say so. */
  addedTo: string | null;
  onClose: () => void;
  /** Without a network the change waits in this browser (decision 0039) instead of being posted. */
  onOfflineChange?: (change: OfflineNoteChange) => void;
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
      {note.bookCode && note.chapterCode && note.anchor ? (
        <QuoteCardShare
          bookCode={note.bookCode}
          chapterCode={note.chapterCode}
          range={{ paragraph: note.anchor.paragraph, start: note.anchor.start, end: note.anchor.end }}
        />
      ) : null}
      {addedTo ? (
        <p className="note-panel-status" role="status">
          Đã thêm vào nhóm “{addedTo}”.
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        className="note-panel-form"
        onSubmit={(event) => {
          if (navigator.onLine || !onOfflineChange) return;
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === 'delete-note') return onOfflineChange({ kind: 'note-delete', noteId: note.id });
          const form = new FormData(event.currentTarget);
          const group = form.get('noteGroupId');
          const color = HIGHLIGHT_COLORS.find((c) => c === form.get('color'));
          onOfflineChange({
            kind: 'note-update',
            noteId: note.id,
            changes: {
              ...(color ? { color } : {}),
              body: String(form.get('body') ?? '').trim() === '' ? null : String(form.get('body')),
              ...(typeof group === 'string' ? { noteGroupId: group === '' ? null : Number(group) } : {}),
            },
          });
        }}
      >
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

/**
 * The highlight as a quote card (a picture made by the server, decision 0032): look at it, or
 * share the passage's address, whose link preview (Zalo, Messenger…) shows the card.
 */
function QuoteCardShare({
  bookCode,
  chapterCode,
  range,
}: {
  bookCode: string;
  chapterCode: string;
  range: PassageRange;
}) {
  const share = async () => {
    const url = `${window.location.origin}${quoteSharePath(chapterCode, bookCode, range)}`;
    try {
      if (navigator.share) {
        await navigator.share({ url });
        return;
      }
      await navigator.clipboard.writeText(url);
      showToast('Đã chép liên kết của đoạn trích.', 'success');
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        showToast('Không chia sẻ được; hãy chép địa chỉ của trang.', 'error');
      }
    }
  };
  return (
    <p className="note-panel-card">
      <a href={quoteCardPath(chapterCode, range)} target="_blank" rel="noopener" data-testid="quote-card-link">
        Xem ảnh trích dẫn
      </a>
      <button type="button" className="button button-ghost" onClick={share} data-testid="quote-card-share">
        Chia sẻ đoạn này
      </button>
    </p>
  );
}
