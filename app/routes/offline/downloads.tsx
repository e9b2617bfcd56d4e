import { useEffect, useState } from 'react';
import { SITE_NAME } from '#common/constants.ts';
import type { OfflineBook } from '#common/contracts/library.schema.ts';
import {
  type DownloadRecord,
  findUpdates,
  formatBytes,
  listDownloads,
  removeDownload,
  updateDownload,
} from '#app/lib/offline-books.ts';
import { formatDate } from '#app/lib/format.ts';
import { DownloadsSearch } from '#app/components/offline/downloads-search.tsx';
import { requestedTalk, TalkDownloadRequest } from '#app/components/offline/talk-download-request.tsx';
import { hasQueuedWrites } from '#app/lib/offline-opt-in.ts';
import { listTalkDownloads, removeTalkDownload, type TalkDownloadRecord } from '#app/lib/offline-talks.ts';
import '#app/styles/offline.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export function meta() {
  return [{ title: `Đã tải về máy — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

// What is downloaded lives in this browser only (decision 0025): the server renders the frame, the
// list is read after hydration. The service worker precaches this page, so it opens offline too.
export const headers = cacheablePageHeaders;

type Listing =
  | { state: 'reading' }
  | { state: 'ready'; books: DownloadRecord[]; talks: TalkDownloadRecord[] }
  | { state: 'unsupported' };

export default function DownloadsPage() {
  const [listing, setListing] = useState<Listing>({ state: 'reading' });
  // "Có bản mới": books changed on the server since they were downloaded (asked when online).
  const [updates, setUpdates] = useState<Map<string, OfflineBook>>(new Map());
  const [updating, setUpdating] = useState<{ code: string; done: number; total: number } | null>(null);
  const reload = async () => {
    if (!('caches' in window)) return setListing({ state: 'unsupported' });
    const [books, talks] = await Promise.all([listDownloads(), listTalkDownloads()]);
    setListing({ state: 'ready', books, talks });
    if (navigator.onLine) setUpdates(await findUpdates(books));
  };
  const update = async (book: OfflineBook) => {
    setUpdating({ code: book.code, done: 0, total: book.chapterCount + 1 });
    try {
      await updateDownload(book, (done, total) => setUpdating({ code: book.code, done, total }));
    } finally {
      setUpdating(null);
      await reload();
    }
  };
  const [asked, setAsked] = useState<ReturnType<typeof requestedTalk>>(null);
  useEffect(() => {
    void reload();
    setAsked(requestedTalk());
    // Highlights made offline and still waiting go to the account now that there is a network.
    if (navigator.onLine && hasQueuedWrites()) {
      void import('#app/lib/offline-write-queue.ts').then((queue) => queue.replayWrites()).catch(() => undefined);
    }
  }, []);
  const remove = async (code: string) => {
    await removeDownload(code);
    await reload();
  };
  const removeTalk = async (id: number) => {
    await removeTalkDownload(id);
    await reload();
  };
  const total =
    listing.state === 'ready' ? [...listing.books, ...listing.talks].reduce((sum, d) => sum + d.bytes, 0) : 0;

  return (
    <section className="downloads-page page-narrow" aria-labelledby="downloads-title">
      <h1 id="downloads-title">Đã tải về máy</h1>
      <p className="offline-lead">
        Những cuốn sách và bài giảng tải về máy này dùng được cả khi không có mạng: trang sách, mục lục và mọi chương;
        bài giảng nghe được từ đầu hay từ bất cứ đoạn nào, kèm lời giảng.
      </p>
      {asked && listing.state === 'ready' ? (
        <TalkDownloadRequest talkId={asked.talkId} collectionId={asked.collectionId} onStored={() => void reload()} />
      ) : null}
      {listing.state === 'unsupported' ? (
        <p>Trình duyệt này không giữ được trang để đọc ngoại tuyến.</p>
      ) : listing.state === 'reading' ? (
        <p aria-busy="true">Đang đọc danh sách…</p>
      ) : listing.books.length === 0 && listing.talks.length === 0 ? (
        <p data-testid="downloads-empty">
          Chưa tải gì. Mở một cuốn <a href="/sach">kinh sách</a> và chọn “Tải để đọc ngoại tuyến”, hoặc một bài{' '}
          <a href="/phap-am">pháp âm</a> và chọn “Tải để nghe ngoại tuyến”.
        </p>
      ) : (
        <>
          <p className="downloads-total">
            {[
              listing.books.length > 0 ? `${listing.books.length} cuốn sách` : null,
              listing.talks.length > 0 ? `${listing.talks.length} bài giảng` : null,
            ]
              .filter(Boolean)
              .join(', ')}
            ; tổng cộng {formatBytes(total)}.
          </p>
          {listing.books.length > 0 ? <DownloadsSearch books={listing.books} /> : null}
          {listing.books.length > 0 ? (
            <>
              <h2 className="downloads-heading">Sách</h2>
              <ul className="downloads-list" data-testid="downloads-list">
                {listing.books.map((book) => (
                  <li key={book.code} className="downloads-item">
                    <div>
                      {/* A plain link: offline, the service worker answers a whole page, not React Router's data. */}
                      <a href={book.path} className="downloads-title">
                        {book.title}
                      </a>
                      <p className="downloads-meta">
                        {book.chapters.length} chương · {formatBytes(book.bytes)} · tải ngày{' '}
                        {formatDate(book.downloadedAt)}
                      </p>
                      {updating?.code === book.code ? (
                        <p className="downloads-update" aria-live="polite">
                          Đang cập nhật {updating.done}/{updating.total} trang…
                        </p>
                      ) : updates.has(book.code) ? (
                        <p className="downloads-update" data-testid="book-update">
                          Có bản mới: nội dung sách đã thay đổi từ khi tải.
                        </p>
                      ) : null}
                    </div>
                    <div className="downloads-actions">
                      {updates.has(book.code) ? (
                        <button
                          type="button"
                          className="button button-primary"
                          onClick={() => update(updates.get(book.code)!)}
                          disabled={updating !== null}
                          aria-label={`Cập nhật “${book.title}”`}
                        >
                          Cập nhật
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="button button-ghost"
                        onClick={() => remove(book.code)}
                        aria-label={`Xoá “${book.title}” khỏi máy`}
                      >
                        Xoá
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {listing.talks.length > 0 ? (
            <>
              <h2 className="downloads-heading">Bài giảng</h2>
              <ul className="downloads-list" data-testid="downloads-talks">
                {listing.talks.map((talk) => (
                  <li key={talk.id} className="downloads-item">
                    <div>
                      <a href={talk.pagePath} className="downloads-title">
                        {talk.title}
                      </a>
                      <p className="downloads-meta">
                        {talk.collectionTitle} · {formatBytes(talk.bytes)} · tải ngày {formatDate(talk.downloadedAt)}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="button button-ghost"
                      onClick={() => removeTalk(talk.id)}
                      aria-label={`Xoá “${talk.title}” khỏi máy`}
                    >
                      Xoá
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
