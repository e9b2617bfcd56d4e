import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Video } from '#common/contracts/video.schema.ts';
import { Transcript, type Cue } from '#app/components/media/transcript.tsx';
import { player } from '#app/lib/player-store.ts';

/**
 * A video on its page. A self-hosted file plays in the browser's own <video> (Range requests,
 * poster, playsinline for phones) with its transcript following along; a YouTube item shows our
 * own poster behind a play button and loads YouTube's privacy-enhanced player only when the
 * reader presses it (no request to a third party before that). Either pauses the talk playing in
 * the site's player bar when it starts. `details` (the title and what follows it) come between the
 * video and the transcript: on a phone the long transcript would push them a screen down.
 */
export function VideoPlayer({
  video,
  cues,
  startAt,
  details,
  correctable = false,
}: {
  video: Video;
  cues: readonly Cue[];
  startAt: number | null;
  details: ReactNode;
  /** A logged-in reader may propose the corrected text of a transcript line (decision 0031). */
  correctable?: boolean;
}) {
  return video.provider === 'youtube' ? (
    <>
      <YoutubeFacade video={video} startAt={startAt} />
      {details}
    </>
  ) : (
    <FileVideo video={video} cues={cues} startAt={startAt} details={details} correctable={correctable} />
  );
}

function FileVideo({
  video,
  cues,
  startAt,
  details,
  correctable,
}: {
  video: Video;
  cues: readonly Cue[];
  startAt: number | null;
  details: ReactNode;
  correctable: boolean;
}) {
  const element = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(startAt ?? 0);

  // Opened at a moment (a shared link, a search hit): ready there, paused.
  useEffect(() => {
    const v = element.current;
    if (!v || startAt === null) return;
    const seek = () => (v.currentTime = startAt);
    if (v.readyState >= 1) seek();
    else v.addEventListener('loadedmetadata', seek, { once: true });
  }, [startAt]);

  const seekAndPlay = (seconds: number) => {
    const v = element.current;
    if (!v) return;
    v.currentTime = seconds;
    void v.play().catch(() => {});
  };

  return (
    <>
      <div className="video-frame">
        <video
          ref={element}
          src={video.url ?? undefined}
          poster={video.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          onPlay={() => player.pause()}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          data-testid="video-element"
        >
          Trình duyệt của bạn không phát được video này; bạn có thể <a href={video.url ?? undefined}>tải tệp về</a>.
        </video>
      </div>
      {details}
      <Transcript
        cues={cues}
        time={time}
        onSeek={seekAndPlay}
        title="Lời trong video"
        headingLevel={2}
        correctionOf={correctable ? (line) => ({ videoId: String(video.id), line: String(line) }) : undefined}
      />
    </>
  );
}

function YoutubeFacade({ video, startAt }: { video: Video; startAt: number | null }) {
  const [playing, setPlaying] = useState(false);
  if (!video.embedUrl) return null;
  if (playing) {
    const params = new URLSearchParams({ autoplay: '1', rel: '0', playsinline: '1' });
    if (startAt) params.set('start', String(startAt));
    return (
      <div className="video-frame">
        <iframe
          src={`${video.embedUrl}?${params}`}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="youtube-frame"
        />
      </div>
    );
  }
  return (
    <div className="video-frame">
      <button
        type="button"
        className="video-facade"
        onClick={() => {
          player.pause();
          setPlaying(true);
        }}
        data-testid="youtube-facade"
      >
        {video.thumbnailUrl ? (
          <img src={video.thumbnailUrl} alt="" />
        ) : (
          <span className="video-facade-title">{video.title}</span>
        )}
        <span className="video-play-badge" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="30" height="30">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
        <span className="visually-hidden">Phát video “{video.title}” (từ YouTube)</span>
      </button>
      <p className="video-facade-note">
        Video phát từ YouTube. YouTube chỉ được kết nối khi bạn bấm phát (chế độ bảo vệ quyền riêng tư).
      </p>
    </div>
  );
}
