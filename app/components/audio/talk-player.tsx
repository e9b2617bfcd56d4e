import { useEffect, useState } from 'react';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { formatClock } from '#common/clock.ts';
import type { Bookmark } from '#common/contracts/bookmark.schema.ts';
import {
  adoptAccountPosition,
  player,
  savedPosition,
  useIsCurrentTalk,
  usePlayer,
  type PlayerTalk,
} from '#app/lib/player-store.ts';
import type { Talk } from '#common/contracts/audio.schema.ts';
import { cueAt, Transcript, type Cue } from '#app/components/media/transcript.tsx';
import { useWaitingWrites } from '#app/components/offline/use-waiting-writes.ts';
import { SleepTimerButton } from './sleep-timer.tsx';
import { SpeedButton } from './speed-button.tsx';

/** Play and pause, drawn: a font's ▶ and ❚❚ differ in size from phone to phone. */
function PlayIcon({ pause }: { pause: boolean }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
      <path d={pause ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M8 5v14l11-7z'} fill="currentColor" />
    </svg>
  );
}

/** A turning arrow, back (anticlockwise) or forward; the "15" is written beside it. */
function SkipIcon({ forward }: { forward?: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={forward ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" fill="currentColor" />
    </svg>
  );
}

/**
 * A talk on its page: speed, play and pause (through the site's one player, so it plays on when the
 * reader moves to another page), back and forward 15 s, the timeline with the time listened at
 * its left end and the talk's length at its right end, the reader's bookmarks on it,
 * and the transcript following playback — the line being read is marked and kept in view; a click
 * on a line plays from there. `startAt` (a search hit in the transcript) readies the talk at that
 * moment.
 */
export function TalkPlayer({
  talk,
  queue,
  index,
  cues,
  chapters = [],
  startAt,
  bookmarks,
  loginPath,
  accountAt = null,
  correctable = false,
}: {
  /** A logged-in reader may propose the corrected text of a transcript line. */
  correctable?: boolean;
  /** The talk's timed contents (headings or sections of its transcript); shown from two on. */
  chapters?: readonly { startTime: number; title: string }[];
  talk: Talk;
  /** Where the reader's account stopped in this talk (logged in), or null. */
  accountAt?: number | null;
  /** The collection's talks, as the player's queue (this one at `index`). */
  queue: PlayerTalk[];
  index: number;
  cues: readonly Cue[];
  startAt: number | null;
  /** The reader's bookmarks in this talk; null for anonymous readers. */
  bookmarks: readonly Bookmark[] | null;
  loginPath: string;
}) {
  const state = usePlayer();
  const isCurrent = useIsCurrentTalk(talk.id);
  const revalidator = useRevalidator();
  // Bookmarks added or removed offline and not yet sent: shown as the reader left them, marked.
  const waiting = useWaitingWrites((keep) => keep.waitingBookmarksOf(talk.id), talk.id, revalidator.revalidate);
  const shown = bookmarks && waiting ? waiting.asLeft(bookmarks) : bookmarks;
  const [resumeAt, setResumeAt] = useState(0);
  const time = isCurrent ? state.time : (startAt ?? 0);

  // Opened at a moment (a search hit): the talk is readied there, paused. Otherwise the page shows
  // where this device stopped last time (known only in the browser).
  useEffect(() => {
    adoptAccountPosition(talk.id, accountAt);
    if (startAt !== null) player.load(queue, index, { startAt, autoplay: false });
    else setResumeAt(savedPosition(talk.id));
    // Only when the page opens on this talk.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [talk.id, startAt]);

  const resuming = resumeAt > 0 && !isCurrent;
  const playLabel =
    isCurrent && state.playing ? 'Tạm dừng' : resuming ? `Nghe tiếp từ ${formatClock(resumeAt)}` : 'Phát';

  const playFrom = (seconds: number) => {
    if (isCurrent) {
      player.seek(seconds);
      player.play();
    } else {
      player.load(queue, index, { startAt: seconds, autoplay: true });
    }
  };

  return (
    <section className="talk-player" aria-label={`Nghe: ${talk.title}`} data-testid="talk-player">
      {/* One row at every width (320 px too): speed, back, a big round play, forward. */}
      <div className="talk-transport">
        <SpeedButton className="talk-speed" testId="talk-speed" talkId={talk.id} />
        <button
          type="button"
          className="talk-skip"
          onClick={() => player.skip(-15)}
          disabled={!isCurrent}
          aria-label="Lùi 15 giây"
        >
          <SkipIcon />
          <span aria-hidden="true">15</span>
        </button>
        <button
          type="button"
          className="talk-play"
          onClick={() => (isCurrent ? player.toggle() : player.load(queue, index, { autoplay: true }))}
          data-testid="talk-play"
        >
          <PlayIcon pause={isCurrent && state.playing} />
          <span className="visually-hidden">{playLabel}</span>
        </button>
        <button
          type="button"
          className="talk-skip"
          onClick={() => player.skip(15)}
          disabled={!isCurrent}
          aria-label="Tới 15 giây"
        >
          <SkipIcon forward />
          <span aria-hidden="true">15</span>
        </button>
      </div>
      {resuming ? (
        <p className="talk-resume-note" aria-hidden="true">
          {playLabel}
        </p>
      ) : null}
      <div className="talk-seek">
        <span className="talk-time">
          <span className="visually-hidden">Đã nghe </span>
          {formatClock(time)}
        </span>
        <Timeline duration={talk.duration} time={time} bookmarks={shown ?? []} onSeek={playFrom} />
        <span className="talk-duration">
          <span className="visually-hidden">Độ dài </span>
          {formatClock(talk.duration)}
        </span>
        {/* At the end of the seek row: the transport row has no room left at 320 px. */}
        <SleepTimerButton className="talk-sleep" testId="talk-sleep" />
      </div>
      <Bookmarks talk={talk} time={time} bookmarks={shown} waiting={waiting} loginPath={loginPath} onSeek={playFrom} />
      <ClipSharer talk={talk} time={time} />
      {chapters.length > 1 ? <TalkChapters chapters={chapters} time={time} onSeek={playFrom} /> : null}
      <Transcript
        cues={cues}
        time={time}
        onSeek={playFrom}
        correctionOf={correctable ? (line) => ({ talkId: String(talk.id), line: String(line) }) : undefined}
      />
    </section>
  );
}

/** A long talk's timed contents: a native disclosure (no script to open it), a tap plays from there. */
function TalkChapters({
  chapters,
  time,
  onSeek,
}: {
  chapters: readonly { startTime: number; title: string }[];
  time: number;
  onSeek: (seconds: number) => void;
}) {
  const current = cueAt(
    chapters.map((c) => ({ startSeconds: c.startTime })),
    time,
  );
  return (
    <details className="talk-chapters" data-testid="talk-chapters">
      <summary>Mục lục ({chapters.length} phần)</summary>
      <ol className="talk-cues">
        {chapters.map((chapter, i) => (
          <li key={i} aria-current={i === current ? 'true' : undefined}>
            <button type="button" onClick={() => onSeek(chapter.startTime)}>
              <span className="talk-cue-time">{formatClock(chapter.startTime)}</span>
              <span className="talk-cue-text">{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The address of a clip of the talk (plays in the browser, and can be downloaded). */
function clipUrl(talk: Talk, start: number, end: number): string {
  const params = new URLSearchParams({ fileName: talk.fileName, start: String(start), end: String(end) });
  return `/api/v1/public/audio/split/?${params}`;
}

const MAX_CLIP = 600;

/**
 * "Share this passage": the reader marks where the passage starts and ends while listening (or
 * types the times), and gets a link that plays that clip and lets it be downloaded.
 */
function ClipSharer({ talk, time }: { talk: Talk; time: number }) {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<number | null>(null);
  const [end, setEnd] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const problem =
    start === null || end === null
      ? null
      : start >= end
        ? 'Điểm đầu phải trước điểm cuối.'
        : end - start > MAX_CLIP
          ? 'Mỗi đoạn trích dài tối đa 10 phút.'
          : null;
  const ready = start !== null && end !== null && !problem;
  const url = ready ? clipUrl(talk, start, end) : null;

  if (!open) {
    return (
      <button type="button" className="button button-ghost talk-share-toggle" onClick={() => setOpen(true)}>
        Chia sẻ đoạn này
      </button>
    );
  }
  return (
    <div className="talk-share" data-testid="clip-sharer">
      <p className="talk-share-hint">Nghe đến chỗ muốn trích rồi bấm “Điểm đầu”, nghe tiếp rồi bấm “Điểm cuối”.</p>
      <div className="talk-share-row">
        <button type="button" className="button button-ghost" onClick={() => setStart(Math.floor(time))}>
          Điểm đầu: {start === null ? '—' : formatClock(start)}
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => setEnd(Math.min(Math.ceil(time), talk.duration))}
        >
          Điểm cuối: {end === null ? '—' : formatClock(end)}
        </button>
      </div>
      {problem ? (
        <p className="talk-share-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {url ? (
        <div className="talk-share-row">
          <a href={url} className="button button-primary" target="_blank" rel="noopener" data-testid="clip-link">
            Nghe đoạn trích ({formatClock(end! - start!)})
          </a>
          <a href={url} download className="button button-ghost">
            Tải về
          </a>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(new URL(url, window.location.href).toString())
                .then(() => setCopied(true))
                .catch(() => setCopied(false));
            }}
          >
            {copied ? 'Đã chép liên kết' : 'Chép liên kết'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Said of a bookmark added offline and not yet in the account (negative id). */
const WAITING_NOTE = ', chờ gửi khi có mạng';

/** Where playback is, with the reader's bookmarks as marks (hollow while waiting to be sent); a click seeks there. */
function Timeline({
  duration,
  time,
  bookmarks,
  onSeek,
}: {
  duration: number;
  time: number;
  bookmarks: readonly Bookmark[];
  onSeek: (seconds: number) => void;
}) {
  const percent = (seconds: number) => `${Math.min(100, (seconds / Math.max(duration, 1)) * 100)}%`;
  return (
    <div
      className="talk-timeline"
      data-testid="talk-timeline"
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        onSeek(((e.clientX - box.left) / box.width) * duration);
      }}
    >
      <div className="talk-timeline-fill" style={{ width: percent(time) }} />
      {bookmarks.map((b) => (
        <button
          key={b.id}
          type="button"
          className={b.id < 0 ? 'talk-mark talk-mark-waiting' : 'talk-mark'}
          style={{ left: percent(b.time) }}
          title={`${formatClock(b.time)} — ${b.label}${b.id < 0 ? WAITING_NOTE : ''}`}
          aria-label={`Tới dấu ${b.label} (${formatClock(b.time)})${b.id < 0 ? WAITING_NOTE : ''}`}
          onClick={(e) => {
            e.stopPropagation();
            onSeek(b.time);
          }}
        />
      ))}
    </div>
  );
}

/**
 * The reader's bookmarks in the talk: add one at the current moment, jump to one, remove one.
 * Offline, a change waits in the browser's queue (decision 0039; its code loads on that press) and
 * the list shows it, marked, until it is sent (decision 0049), after a reload too.
 */
function Bookmarks({
  talk,
  time,
  bookmarks,
  waiting,
  loginPath,
  onSeek,
}: {
  talk: Talk;
  time: number;
  /** The bookmarks as the reader left them (with those waiting to be sent). */
  bookmarks: readonly Bookmark[] | null;
  waiting: { added: number; removed: number } | null;
  loginPath: string;
  onSeek: (seconds: number) => void;
}) {
  const fetcher = useFetcher<{ ok: boolean; error: string | null }>();
  if (bookmarks === null) {
    return (
      <p className="talk-bookmarks-login">
        <Link to={loginPath}>Đăng nhập</Link> để đánh dấu những chỗ muốn nghe lại.
      </p>
    );
  }
  const busy = fetcher.state !== 'idle';
  const shown = bookmarks;
  const keep = (change: { audioId: number; time: number } | Bookmark) =>
    void import('#app/components/offline/offline-keep.ts')
      .then((offline) => offline.keepBookmarkChange(change))
      .catch(() => undefined);
  return (
    <div className="talk-bookmarks" data-testid="bookmarks">
      <button
        type="button"
        className="button button-ghost"
        disabled={busy}
        onClick={() =>
          navigator.onLine
            ? void fetcher.submit(
                { intent: 'add-bookmark', audioId: String(talk.id), time: String(Math.floor(time * 10) / 10) },
                { method: 'post' },
              )
            : keep({ audioId: talk.id, time: Math.floor(time * 10) / 10 })
        }
      >
        Đánh dấu chỗ này ({formatClock(time)})
      </button>
      {fetcher.data?.error ? (
        <p className="talk-share-problem" role="alert">
          {fetcher.data.error}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="talk-bookmark-list">
          {shown.map((b) => (
            <li key={b.id}>
              <button type="button" className="talk-bookmark-jump" onClick={() => onSeek(b.time)}>
                <span className="talk-cue-time">{formatClock(b.time)}</span> {b.label}
                {b.id < 0 ? <span className="waiting-mark">chờ gửi</span> : null}
              </button>
              <button
                type="button"
                className="link-button"
                aria-label={`Xoá dấu ${b.label}`}
                onClick={() =>
                  navigator.onLine && b.id > 0
                    ? void fetcher.submit({ intent: 'remove-bookmark', id: String(b.id) }, { method: 'post' })
                    : keep(b)
                }
              >
                Xoá
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {waiting ? <p className="waiting-note">{waitingNote(waiting)}</p> : null}
    </div>
  );
}

/** What of the bookmarks waits for the network, in words. */
function waitingNote({ added, removed }: { added: number; removed: number }): string {
  const parts = [added ? `${added} dấu mới` : '', removed ? `${removed} dấu đã xoá` : ''].filter(Boolean);
  return `Chờ gửi khi có mạng: ${parts.join(', ')}.`;
}
