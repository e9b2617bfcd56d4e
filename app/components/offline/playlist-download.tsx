import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AudioCollectionDetail } from '#common/contracts/audio.schema.ts';
import type { PlaylistItem } from '#common/contracts/playlist.schema.ts';
import { talkPath } from '#common/paths.ts';
import { formatBytes } from '#app/lib/format-bytes.ts';

type State =
  | { step: 'idle' }
  | { step: 'running'; talk: number; title: string; done: number; total: number }
  | { step: 'done'; ok: number; failed: number; bytes: number };

/**
 * A playlist downloaded for listening offline in one step (decision 0039), like the reading list:
 * every talk not yet on this device, one after another, each as a talk page's download does it
 * (its page with the transcript, the audio in resumable Range pieces). The size is said before,
 * the bytes while, and how many are stored after. The download code loads when the button is pressed.
 */
export function PlaylistDownload({ items }: { items: readonly PlaylistItem[] }) {
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<State>({ step: 'idle' });
  useEffect(() => setSupported('caches' in window && 'serviceWorker' in navigator), []);
  if (!supported) return null;
  // The audio files' sizes; a talk's page adds a few kilobytes.
  const total = items.reduce((sum, item) => sum + item.talk.sizeBytes, 0);

  const run = async () => {
    const offline = await import('#app/lib/offline-talks.ts');
    // Each collection's title names the talk on the downloads page; asked once per collection.
    const collections = new Map<number, Promise<string>>();
    const collectionTitle = (id: number) => {
      if (!collections.has(id)) {
        collections.set(
          id,
          fetch(`/api/v1/public/audio_collection/${id}`)
            .then((res) => (res.ok ? (res.json() as Promise<{ data: AudioCollectionDetail }>) : null))
            .then((answer) => answer?.data.collection.title ?? '')
            .catch(() => ''),
        );
      }
      return collections.get(id)!;
    };
    let ok = 0;
    let failed = 0;
    let bytes = 0;
    let before = 0;
    for (const [i, { talk }] of items.entries()) {
      setState({ step: 'running', talk: i + 1, title: talk.title, done: before, total });
      try {
        const stored = await offline.findTalkDownload(talk.id);
        const record =
          stored ??
          (await offline.downloadTalk(
            {
              id: talk.id,
              title: talk.title,
              collectionTitle: await collectionTitle(talk.collectionId),
              pagePath: talkPath(talk.collectionId, talk.id),
              audioUrl: talk.url,
            },
            (done) => setState({ step: 'running', talk: i + 1, title: talk.title, done: before + done, total }),
          ));
        ok += 1;
        bytes += record.bytes;
      } catch {
        failed += 1;
      }
      before += talk.sizeBytes;
    }
    setState({ step: 'done', ok, failed, bytes });
  };

  return (
    <div className="reading-list-offline playlist-offline" aria-live="polite" data-testid="playlist-download">
      {state.step === 'idle' ? (
        <button type="button" className="button button-ghost" onClick={() => void run()}>
          Tải cả {items.length} bài để nghe ngoại tuyến ({formatBytes(total)})
        </button>
      ) : state.step === 'running' ? (
        <>
          <label htmlFor="playlist-progress">
            Đang tải bài {state.talk}/{items.length} “{state.title}”: {formatBytes(state.done)}/
            {formatBytes(state.total)}…
          </label>
          <progress id="playlist-progress" value={state.done} max={state.total} />
        </>
      ) : (
        <p className={state.failed === 0 ? 'offline-ok' : 'offline-bad'} data-testid="playlist-download-result">
          {state.failed === 0
            ? `Đã tải đủ ${state.ok}/${items.length} bài để nghe ngoại tuyến (kèm lời giảng), ${formatBytes(state.bytes)}.`
            : `Đã tải ${state.ok}/${items.length} bài; ${state.failed} bài chưa tải được, hãy thử lại khi mạng ổn định (phần đã tải được giữ lại).`}{' '}
          <Link to="/tai-ve">Xem những gì đã tải</Link>
        </p>
      )}
    </div>
  );
}
