import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFetcher } from 'react-router';
import '#app/styles/corrections.css';

const TEXT_MAX = 5000;
const NOTE_MAX = 500;

/** What the text box holds, said as a reader would: a talk's line is heard, a video's line is a subtitle. */
function correctionTextLabel(target: Record<string, string>): string {
  if ('talkId' in target) return 'Dòng lời giảng như bạn đề nghị';
  if ('videoId' in target) return 'Dòng phụ đề như bạn đề nghị';
  return 'Đoạn văn như bạn đề nghị';
}

/**
 * "Báo lỗi / Đề xuất sửa" (decision 0031): the reader rewrites a paragraph (or a transcript line)
 * as it should read, with an optional word for the moderators. Posted to the page's own action
 * (`intent=suggest-correction`), which gives it to the corrections service; loaded only when a
 * reader opens it. It imports nothing of the page it is opened from, so none of that page's
 * styles become a lazy chunk's.
 */
export function CorrectionDialog({
  target,
  text,
  heading,
  onClose,
  onSent,
}: {
  /** The hidden fields naming what is corrected: {chapterCode, anchor}, {talkId, line} or {videoId, line}. */
  target: Record<string, string>;
  text: string;
  heading: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const fetcher = useFetcher<{ correction?: { id: number }; error?: string }>();
  const [value, setValue] = useState(text);
  const area = useRef<HTMLTextAreaElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    area.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCloseRef.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const sent = fetcher.data?.correction;
  useEffect(() => {
    if (sent) onSent();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [sent]);
  const unchanged = value.replace(/\s+/g, ' ').trim() === text.replace(/\s+/g, ' ').trim();
  return createPortal(
    <div className="correction-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="correction-dialog" role="dialog" aria-modal="true" aria-labelledby="correction-title">
        <h2 id="correction-title">{heading}</h2>
        <p className="correction-hint">
          Sửa ngay trong ô dưới đây chỗ bạn thấy sai (chính tả, thiếu chữ, lời nghe nhầm…). Người kiểm duyệt sẽ xem từng
          chữ bạn đổi; khi được nhận, tên bạn được ghi cảm ơn dưới trang.
        </p>
        <fetcher.Form method="post" className="correction-form">
          <input type="hidden" name="intent" value="suggest-correction" />
          {Object.entries(target).map(([name, v]) => (
            <input key={name} type="hidden" name={name} value={v} />
          ))}
          <label htmlFor="correction-text">{correctionTextLabel(target)}</label>
          <textarea
            id="correction-text"
            name="proposedText"
            ref={area}
            rows={6}
            maxLength={TEXT_MAX}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
          <label htmlFor="correction-note">Ghi chú cho người kiểm duyệt (không bắt buộc)</label>
          <input
            id="correction-note"
            name="note"
            type="text"
            maxLength={NOTE_MAX}
            placeholder="Ví dụ: theo bản in năm 1990"
          />
          {fetcher.data?.error ? (
            <p className="correction-error" role="alert">
              {fetcher.data.error}
            </p>
          ) : null}
          <div className="correction-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              Huỷ
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={fetcher.state !== 'idle' || unchanged || value.trim() === ''}
            >
              {fetcher.state !== 'idle' ? 'Đang gửi…' : 'Gửi đề xuất'}
            </button>
          </div>
        </fetcher.Form>
      </div>
    </div>,
    document.body,
  );
}
