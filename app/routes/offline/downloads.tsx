import { useEffect, useState } from 'react';
import { SITE_NAME } from '#common/constants.ts';
import { type DownloadRecord, formatBytes, listDownloads, removeDownload } from '#app/lib/offline-books.ts';
import { formatDate } from '#app/lib/format.ts';
import '#app/styles/offline.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export function meta() {
  return [{ title: `Sách đã tải — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

// What is downloaded lives in this browser only (decision 0025): the server renders the frame, the
// list is read after hydration. The service worker precaches this page, so it opens offline too.
export const headers = cacheablePageHeaders;

type Listing = { state: 'reading' } | { state: 'ready'; books: DownloadRecord[] } | { state: 'unsupported' };

export default function DownloadsPage() {
  const [listing, setListing] = useState<Listing>({ state: 'reading' });
  const reload = async () => {
    if (!('caches' in window)) return setListing({ state: 'unsupported' });
    setListing({ state: 'ready', books: await listDownloads() });
  };
  useEffect(() => {
    void reload();
  }, []);
  const remove = async (code: string) => {
    await removeDownload(code);
    await reload();
  };
  const total = listing.state === 'ready' ? listing.books.reduce((sum, b) => sum + b.bytes, 0) : 0;

  return (
    <section className="downloads-page page-narrow" aria-labelledby="downloads-title">
      <h1 id="downloads-title">Sách đã tải</h1>
      <p className="offline-lead">
        Những cuốn sách tải về máy này đọc được cả khi không có mạng: trang sách, mục lục và mọi chương.
      </p>
      {listing.state === 'unsupported' ? (
        <p>Trình duyệt này không giữ được trang để đọc ngoại tuyến.</p>
      ) : listing.state === 'reading' ? (
        <p aria-busy="true">Đang đọc danh sách…</p>
      ) : listing.books.length === 0 ? (
        <p data-testid="downloads-empty">
          Chưa có cuốn nào. Mở một cuốn <a href="/sach">kinh sách</a> và chọn “Tải để đọc ngoại tuyến”.
        </p>
      ) : (
        <>
          <p className="downloads-total">
            {listing.books.length} cuốn, tổng cộng {formatBytes(total)}.
          </p>
          <ul className="downloads-list" data-testid="downloads-list">
            {listing.books.map((book) => (
              <li key={book.code} className="downloads-item">
                <div>
                  {/* A plain link: offline, the service worker answers a whole page, not React Router's data. */}
                  <a href={book.path} className="downloads-title">
                    {book.title}
                  </a>
                  <p className="downloads-meta">
                    {book.chapters.length} chương · {formatBytes(book.bytes)} · tải ngày {formatDate(book.downloadedAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => remove(book.code)}
                  aria-label={`Xoá “${book.title}” khỏi máy`}
                >
                  Xoá
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
