import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AudioCollectionDetail } from '#common/contracts/audio.schema.ts';
import { talkPath } from '#common/paths.ts';
import { formatBytes } from '#app/lib/offline-books.ts';
import { downloadTalk, findTalkDownload, type TalkToDownload } from '#app/lib/offline-talks.ts';

type State =
  | { step: 'reading' }
  | { step: 'downloading'; title: string; done: number; total: number }
  | { step: 'done'; talk: TalkToDownload; bytes: number }
  | { step: 'failed'; retry: () => void };

/** `?bai-giang={talk}&tuyen-tap={collection}`: what "Tải để nghe ngoại tuyến" on a talk asks for. */
export function requestedTalk(): { talkId: number; collectionId: number } | null {
  const params = new URL(window.location.href).searchParams;
  const talkId = Number(params.get('bai-giang'));
  const collectionId = Number(params.get('tuyen-tap'));
  return Number.isInteger(talkId) && talkId > 0 && Number.isInteger(collectionId) && collectionId > 0
    ? { talkId, collectionId }
    : null;
}

/**
 * A talk downloading at the top of the downloads page (decision 0030): its progress in bytes, then
 * the result with a way back to it; a broken download goes on from the pieces already stored.
 */
export function TalkDownloadRequest({
  talkId,
  collectionId,
  onStored,
}: {
  talkId: number;
  collectionId: number;
  onStored: () => void;
}) {
  const [state, setState] = useState<State>({ step: 'reading' });

  const run = async () => {
    setState({ step: 'reading' });
    try {
      const res = await fetch(`/api/v1/public/audio_collection/${collectionId}`);
      if (!res.ok) throw new Error(`collection: ${res.status}`);
      const { collection, talks } = ((await res.json()) as { data: AudioCollectionDetail }).data;
      const found = talks.find((t) => t.id === talkId);
      if (!found) throw new Error('talk not in collection');
      const talk: TalkToDownload = {
        id: found.id,
        title: found.title,
        collectionTitle: collection.title,
        pagePath: talkPath(collectionId, found.id),
        audioUrl: found.url,
      };
      const stored = await findTalkDownload(talkId);
      if (stored) return setState({ step: 'done', talk, bytes: stored.bytes });
      setState({ step: 'downloading', title: found.title, done: 0, total: found.sizeBytes });
      const record = await downloadTalk(talk, (done, total) =>
        setState({ step: 'downloading', title: found.title, done, total }),
      );
      setState({ step: 'done', talk, bytes: record.bytes });
      onStored();
    } catch {
      setState({ step: 'failed', retry: () => void run() });
    }
  };

  useEffect(() => {
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per talk asked for
  }, [talkId, collectionId]);

  return (
    <div className="offline-download downloads-request" data-testid="offline-talk-download" aria-live="polite">
      {state.step === 'reading' ? <p aria-busy="true">Đang chuẩn bị tải bài giảng…</p> : null}
      {state.step === 'downloading' ? (
        <>
          <label htmlFor="offline-talk-progress">
            Đang tải “{state.title}”: {formatBytes(state.done)}/{formatBytes(state.total)}…
          </label>
          <progress id="offline-talk-progress" value={state.done} max={state.total} />
        </>
      ) : null}
      {state.step === 'done' ? (
        <p data-testid="offline-talk-result" className="offline-ok">
          Đã tải “{state.talk.title}” để nghe ngoại tuyến (kèm lời giảng), {formatBytes(state.bytes)}.{' '}
          <Link to={state.talk.pagePath}>Nghe ngay</Link>
        </p>
      ) : null}
      {state.step === 'failed' ? (
        <p className="offline-bad">
          Tải chưa xong. Hãy kiểm tra mạng rồi{' '}
          <button type="button" className="link-button" onClick={state.retry}>
            tải tiếp
          </button>{' '}
          (phần đã tải được giữ lại).
        </p>
      ) : null}
    </div>
  );
}
