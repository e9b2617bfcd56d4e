import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OfflineBook } from '#common/contracts/library.schema.ts';
import {
  checkDownload,
  downloadBook,
  type DownloadCheck,
  estimateDownloadBytes,
  fetchOfflineBook,
  findDownload,
  formatBytes,
} from '#app/lib/offline-books.ts';
import { DOWNLOADS_PAGE_PATH } from '#app/lib/offline-cache.ts';

type State =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'confirm'; book: OfflineBook }
  | { step: 'downloading'; done: number; total: number }
  | { step: 'done'; check: DownloadCheck; bytes: number }
  | { step: 'failed' };

/**
 * "Tải để đọc ngoại tuyến" on a book page (decision 0025): the size first, progress while the pages
 * download, then the check (every chapter present with its text's hash). Loaded after the page.
 */
export default function OfflineDownload({ bookCode, askNow }: { bookCode: string; askNow: boolean }) {
  const [state, setState] = useState<State>({ step: askNow ? 'asking' : 'idle' });

  useEffect(() => {
    let live = true;
    void findDownload(bookCode).then(async (record) => {
      if (!record || !live) return;
      const check = await checkDownload(record);
      if (live) setState({ step: 'done', check, bytes: record.bytes });
    });
    return () => {
      live = false;
    };
  }, [bookCode]);

  const ask = async () => {
    setState({ step: 'asking' });
    try {
      setState({ step: 'confirm', book: await fetchOfflineBook(bookCode) });
    } catch {
      setState({ step: 'failed' });
    }
  };

  useEffect(() => {
    // Pressed before this module arrived: go on to the size.
    if (askNow) void ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when mounted
  }, []);

  const download = async (book: OfflineBook) => {
    setState({ step: 'downloading', done: 0, total: book.chapterCount + 1 });
    try {
      const { record, check } = await downloadBook(book, (done, total) =>
        setState({ step: 'downloading', done, total }),
      );
      setState({ step: 'done', check, bytes: record.bytes });
    } catch {
      setState({ step: 'failed' });
    }
  };

  return (
    <div className="offline-download" data-testid="offline-download" aria-live="polite">
      {state.step === 'idle' || state.step === 'asking' ? (
        <button type="button" className="button button-ghost" onClick={ask} disabled={state.step === 'asking'}>
          Tải để đọc ngoại tuyến
        </button>
      ) : null}
      {state.step === 'confirm' ? (
        <>
          <p>
            {state.book.chapterCount} chương, khoảng {formatBytes(estimateDownloadBytes(state.book))} (ước tính, gồm
            chữ, khung trang và phông chữ).
          </p>
          <div className="offline-download-actions">
            <button type="button" className="button button-primary" onClick={() => download(state.book)}>
              Tải về máy
            </button>
            <button type="button" className="button button-ghost" onClick={() => setState({ step: 'idle' })}>
              Thôi
            </button>
          </div>
        </>
      ) : null}
      {state.step === 'downloading' ? (
        <>
          <label htmlFor="offline-download-progress">
            Đang tải {state.done}/{state.total} trang…
          </label>
          <progress id="offline-download-progress" value={state.done} max={state.total} />
        </>
      ) : null}
      {state.step === 'done' ? (
        <p data-testid="offline-download-result" className={state.check.ok ? 'offline-ok' : 'offline-bad'}>
          {state.check.ok
            ? `Đã tải để đọc ngoại tuyến: đủ ${state.check.verified}/${state.check.expected} chương, ${formatBytes(state.bytes)}.`
            : `Bản tải chưa trọn: ${state.check.verified}/${state.check.expected} chương. Hãy tải lại.`}{' '}
          {state.check.ok ? (
            <Link to={DOWNLOADS_PAGE_PATH}>Sách đã tải</Link>
          ) : (
            <button type="button" className="link-button" onClick={ask}>
              Tải lại
            </button>
          )}
        </p>
      ) : null}
      {state.step === 'failed' ? (
        <p className="offline-bad">
          Không tải được sách. Hãy kiểm tra mạng rồi{' '}
          <button type="button" className="link-button" onClick={ask}>
            thử lại
          </button>
          .
        </p>
      ) : null}
    </div>
  );
}
