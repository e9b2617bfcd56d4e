import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import '#app/styles/chant.css';

const PACE_KEY = 'phap-bao:chant-pace';
/** Lines of text per minute: slow enough for a bell-paced chant, fast enough for reading along. */
export const PACES = [4, 6, 8, 10, 12, 15, 18, 22, 26, 30, 36] as const;
const DEFAULT_PACE = 10;

function storedPace(): number {
  try {
    const pace = Number(localStorage.getItem(PACE_KEY));
    return (PACES as readonly number[]).includes(pace) ? pace : DEFAULT_PACE;
  } catch {
    return DEFAULT_PACE;
  }
}

/**
 * "Tụng kinh": the chapter in large type over the whole screen, scrolling by itself at a pace the
 * chanter sets (lines per minute, kept on the device), paused and resumed with a tap; the screen
 * stays on while it is open (the reader's bar holds the wake lock: this module imports nothing of
 * the chapter's, so none of the chapter page's styles become a lazy chunk's). Its colours are the theme's (light, sepia,
 * dark). Loaded when the reader first opens it (decision 0031).
 */
export function ChantView({ html, title, onClose }: { html: string; title: string; onClose: () => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [running, setRunning] = useState(true);
  const [pace, setPace] = useState(storedPace);
  const [ended, setEnded] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // The page under the view stays where it was and does not scroll with it.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
      else if (e.key === ' ' && !(e.target as HTMLElement).closest('button')) {
        e.preventDefault();
        setRunning((r) => !r);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      root.style.overflow = before;
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // The scroll: a frame loop that moves `pace` lines a minute. The position is kept as a fraction
  // (scrollTop is rounded); a scroll by the chanter's finger is taken as the new place.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !running) return;
    setEnded(false);
    const lineHeight = parseFloat(getComputedStyle(el.querySelector('.chant-text')!).lineHeight) || 40;
    const perSecond = (lineHeight * pace) / 60;
    let position = el.scrollTop;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      if (Math.abs(el.scrollTop - position) > 2) position = el.scrollTop;
      position += (perSecond * Math.min(now - last, 100)) / 1000;
      last = now;
      el.scrollTop = position;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
        setRunning(false);
        setEnded(true);
        return;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [running, pace]);

  const changePace = (step: number) => {
    const i = PACES.indexOf(pace as (typeof PACES)[number]);
    const next = PACES[Math.max(0, Math.min(PACES.length - 1, i + step))]!;
    setPace(next);
    try {
      localStorage.setItem(PACE_KEY, String(next));
    } catch {
      // No storage: the pace lasts while the view is open.
    }
  };
  const restart = () => {
    scroller.current?.scrollTo({ top: 0 });
    setRunning(true);
  };

  // On <body>: the reader's bar it is opened from slides with a transform, which would hold a fixed box.
  return createPortal(
    <div
      className="chant-view"
      role="dialog"
      aria-modal="true"
      aria-label={`Tụng kinh: ${title}`}
      data-testid="chant-view"
    >
      <div className="chant-scroller" ref={scroller} onClick={() => setRunning(!running)} data-testid="chant-scroller">
        <h2 className="chant-title">{title}</h2>
        {/* The chapter's own HTML, as the reader shows it (written by our importers: chapter.tsx). */}
        <div className="chant-text" dangerouslySetInnerHTML={{ __html: html }} />
        <p className="chant-end">{ended ? 'Hết bài.' : ' '}</p>
      </div>
      <div className="chant-controls" role="group" aria-label="Điều khiển tụng kinh">
        <button type="button" className="chant-close" onClick={onClose} ref={closeRef}>
          Thoát
        </button>
        <div className="chant-pace">
          <button type="button" onClick={() => changePace(-1)} disabled={pace === PACES[0]} aria-label="Chậm hơn">
            −
          </button>
          <span aria-live="polite" data-testid="chant-pace">
            {pace} dòng/phút
          </span>
          <button
            type="button"
            onClick={() => changePace(1)}
            disabled={pace === PACES[PACES.length - 1]}
            aria-label="Nhanh hơn"
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="chant-toggle"
          onClick={ended ? restart : () => setRunning(!running)}
          data-testid="chant-toggle"
        >
          {ended ? 'Tụng lại' : running ? 'Tạm dừng' : 'Tiếp tục'}
        </button>
      </div>
    </div>,
    document.body,
  );
}
