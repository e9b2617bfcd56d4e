import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '#app/lib/layout-data.ts';
import { player, usePlayer, type PlayerTalk } from '#app/lib/player-store.ts';
import { formatClock } from '#common/clock.ts';
import { SleepTimerButton } from './sleep-timer.tsx';
import { SpeedButton } from './speed-button.tsx';

/** Previous / next track: drawn, so they do not depend on a font having the symbols. */
function TrackIcon({ next }: { next?: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={next ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d="M6 5h2v14H6zM20 5v14L9 12z" fill="currentColor" />
    </svg>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || el.matches('input, textarea, select'));
}

/**
 * The player bar: one <audio> for the whole site, kept in the root so a talk plays on across
 * pages. Play and pause, back and forward 15 s, a seek bar with the times at both ends, speed, previous and next in the
 * queue, the lock-screen controls of phones (Media Session), and keys K (play/pause), J and L
 * (back and forward 15 s) anywhere but in a form field.
 */
export function GlobalPlayer() {
  const audio = useRef<HTMLAudioElement>(null);
  const state = usePlayer();
  // A chapter read aloud takes the bar while it lasts (its "time" is the sentence).
  const engine = state.engine;
  const talk = engine ?? state.queue[state.index] ?? null;
  const loggedIn = useCurrentUser() !== null;

  useEffect(() => {
    if (audio.current) player.attach(audio.current);
  }, []);
  useEffect(() => player.syncToAccount(loggedIn), [loggedIn]);

  // The lock screen and headphone buttons.
  useEffect(() => {
    if (!talk || engine || !('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: talk.title,
      artist: (talk as PlayerTalk).speaker ?? '',
      album: talk.albumTitle,
      artwork: [{ src: '/podcast-artwork.png', sizes: '1400x1400', type: 'image/png' }],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => player.play()],
      ['pause', () => player.pause()],
      ['seekbackward', () => player.skip(-15)],
      ['seekforward', () => player.skip(15)],
      ['seekto', (details) => details.seekTime !== undefined && player.seek(details.seekTime)],
      ['previoustrack', () => player.playAt(state.index - 1)],
      ['nexttrack', () => player.playAt(state.index + 1)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }, [talk, engine, state.index]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!player.current() || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'k') player.toggle();
      else if (key === 'j') player.skip(-15);
      else if (key === 'l') player.skip(15);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <audio ref={audio} preload="metadata" data-testid="global-audio" />
      {talk ? (
        <section className="player-bar" aria-label="Trình phát pháp âm" data-testid="player-bar">
          <div className="player-bar-inner">
            <div className="player-bar-info">
              <Link to={talk.pageUrl} className="player-bar-title" title={talk.title}>
                {talk.title}
              </Link>
              <span className="player-bar-album">{talk.albumTitle}</span>
            </div>
            <div className="player-bar-buttons">
              {/* A chapter read aloud moves a sentence back or on with these (they stay on phones). */}
              {engine || state.queue.length > 1 ? (
                <button
                  type="button"
                  className="icon-button player-bar-prev"
                  onClick={() => (engine ? player.skip(-1) : player.playAt(state.index - 1))}
                  disabled={engine ? state.time < 1 : state.index === 0}
                  aria-label={engine ? 'Câu trước' : 'Bài trước'}
                >
                  <TrackIcon />
                </button>
              ) : null}
              {engine ? null : (
                <button
                  type="button"
                  className="icon-button player-bar-skip"
                  onClick={() => player.skip(-15)}
                  aria-label="Lùi 15 giây"
                >
                  −15
                </button>
              )}
              <button
                type="button"
                className="player-bar-play"
                onClick={() => player.toggle()}
                aria-label={state.playing ? 'Tạm dừng' : 'Phát'}
                data-testid="player-toggle"
              >
                {state.playing ? '❚❚' : '▶'}
              </button>
              {engine ? null : (
                <button
                  type="button"
                  className="icon-button player-bar-skip"
                  onClick={() => player.skip(15)}
                  aria-label="Tới 15 giây"
                >
                  +15
                </button>
              )}
              {engine || state.queue.length > 1 ? (
                <button
                  type="button"
                  className="icon-button player-bar-next"
                  onClick={() => (engine ? player.skip(1) : player.playAt(state.index + 1))}
                  disabled={engine ? state.time + 1 >= state.duration : state.index + 1 >= state.queue.length}
                  aria-label={engine ? 'Câu sau' : 'Bài sau'}
                >
                  <TrackIcon next />
                </button>
              ) : null}
            </div>
            <div className="player-bar-seek">
              <span className="player-bar-time">{engine ? state.time + 1 : formatClock(state.time)}</span>
              <input
                type="range"
                min={0}
                max={Math.max(
                  1,
                  Math.floor(engine ? state.duration - 1 : state.duration || (talk as PlayerTalk).duration),
                )}
                step={1}
                value={Math.floor(state.time)}
                onChange={(e) => player.seek(Number(e.target.value))}
                aria-label={engine ? 'Câu đang đọc' : 'Vị trí trong bài'}
              />
              <span className="player-bar-time">
                {engine ? state.duration : formatClock(state.duration || (talk as PlayerTalk).duration)}
              </span>
            </div>
            {/* Placed by the stylesheet: beside the seek bar, or beside play on a narrow phone. */}
            <SpeedButton className="player-bar-speed" testId="player-speed" />
            <SleepTimerButton
              className="player-bar-sleep"
              testId="player-sleep"
              opensUp
              end={engine ? 'Hết chương' : 'Hết bài'}
            />
            <button type="button" className="icon-button" onClick={() => player.close()} aria-label="Đóng trình phát">
              ✕
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
