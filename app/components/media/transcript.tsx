import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatClock } from '#common/clock.ts';
import { scrollBehavior } from '#app/lib/motion.ts';
import { showToast } from '#app/lib/toast-store.ts';
import '#app/styles/transcript.css';

/** One timed line of a WebVTT transcript. */
export interface Cue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** The cue being spoken at `time`, or -1. */
export function cueAt(cues: readonly Pick<Cue, 'startSeconds'>[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    if (cues[i]!.startSeconds <= time + 0.05) found = i;
    else break;
  }
  return found;
}

// "Sửa lỗi" on a line: the correction dialog loads when a reader first opens it (decision 0031).
const CorrectionDialog = lazy(() =>
  import('#app/components/corrections/correction-dialog.tsx').then((m) => ({ default: m.CorrectionDialog })),
);

/** A pencil, for "Sửa lỗi" beside a line (its name is given by the button's label). */
function PencilIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M4 17.2V20h2.8l8.3-8.3-2.8-2.8zM19.7 7.1a1 1 0 0 0 0-1.4l-1.4-1.4a1 1 0 0 0-1.4 0l-1.3 1.3 2.8 2.8z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * A transcript beside a talk or a video: the line being spoken is marked and kept in view (inside
 * the box only: the page does not jump); a click on a line plays from there. With `correctionOf`
 * (logged-in readers), each line has its "Sửa lỗi" pencil, which opens the correction dialog
 * posting to the page's own action (decision 0031).
 */
export function Transcript({
  cues,
  time,
  onSeek,
  correctionOf,
  title = 'Lời giảng',
  headingLevel = 3,
}: {
  cues: readonly Cue[];
  time: number;
  onSeek: (seconds: number) => void;
  /** The hidden fields naming line `line` (from 0) for the correction dialog: {talkId, line} or {videoId, line}. */
  correctionOf?: (line: number) => Record<string, string>;
  title?: string;
  /** The level of its heading in the page's outline (right under the page's h1 on the video page). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = useRef<HTMLOListElement>(null);
  const current = cueAt(cues, time);
  // The line a correction is being written for: its number and its text as shown.
  const [correcting, setCorrecting] = useState<{ line: number; text: string } | null>(null);

  useEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!box || !line) return;
    const top = line.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - line.offsetHeight) {
      box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: scrollBehavior() });
    }
  }, [current]);

  if (cues.length === 0) return null;
  return (
    <div className="talk-transcript">
      <Heading>{title}</Heading>
      <ol ref={list} className="talk-cues" data-testid="transcript">
        {cues.map((cue, i) => (
          <li key={i} data-cue={i} aria-current={i === current ? 'true' : undefined}>
            <button type="button" onClick={() => onSeek(cue.startSeconds)}>
              <span className="talk-cue-time">{formatClock(cue.startSeconds)}</span>
              <span className="talk-cue-text">{cue.text}</span>
            </button>
            {correctionOf ? (
              <button
                type="button"
                className="talk-cue-correct"
                aria-label={`Sửa lỗi dòng ${i + 1}`}
                title="Sửa lỗi dòng này"
                onClick={() => setCorrecting({ line: i, text: cue.text })}
              >
                <PencilIcon />
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {correcting && correctionOf ? (
        <Suspense fallback={null}>
          <CorrectionDialog
            target={correctionOf(correcting.line)}
            text={correcting.text}
            heading={`Báo lỗi, đề xuất sửa dòng ${correcting.line + 1}`}
            onClose={() => setCorrecting(null)}
            onSent={() => {
              setCorrecting(null);
              showToast('Đã gửi đề xuất sửa. Cảm ơn bạn! Người kiểm duyệt sẽ xem sớm.', 'success');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
