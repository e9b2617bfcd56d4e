import { SITE_NAME } from '#common/constants.ts';
import { OfflineIcon } from '#app/components/ui/icons.tsx';
import { DOWNLOADS_PAGE_PATH } from '#app/lib/offline-cache.ts';
import '#app/styles/offline.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export function meta() {
  return [{ title: `Bạn đang ngoại tuyến — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

// The service worker shows this page for any address not downloaded when there is no network
// (decision 0025). It is served for other addresses, so it runs no scripts (app/root.tsx): React
// Router would match the address, not this page, and ask the network for its data. Plain links.
export const handle = { scripts: false };

export const headers = cacheablePageHeaders;

export default function OfflinePage() {
  return (
    <section className="notice-page offline-page page-narrow" aria-labelledby="offline-title">
      <span className="uc-icon">
        <OfflineIcon size={40} />
      </span>
      <h1 id="offline-title">Bạn đang ngoại tuyến</h1>
      <p className="offline-lead">
        Trang này chưa được tải về máy, nên cần có mạng mới mở được. Những cuốn sách bạn đã tải vẫn đọc được trọn vẹn
        (trang sách, mục lục, mọi chương, tìm trong sách), bài giảng đã tải vẫn nghe được kèm lời giảng.
      </p>
      <p className="uc-actions">
        <a href={DOWNLOADS_PAGE_PATH} className="button button-primary">
          Xem sách đã tải
        </a>
        <a href="/" className="button button-ghost">
          Thử lại trang chủ
        </a>
      </p>
      {/* HTML alone (this page runs no scripts): the downloads page searches the books with these words. */}
      <form method="get" action={DOWNLOADS_PAGE_PATH} role="search" className="offline-search">
        <label htmlFor="offline-search-input">Tìm trong sách đã tải</label>
        <div className="downloads-search-row">
          <input
            id="offline-search-input"
            type="search"
            name="tim"
            maxLength={200}
            placeholder="Gõ có dấu hay không dấu"
          />
          <button type="submit" className="button button-ghost">
            Tìm
          </button>
        </div>
      </form>
      <p className="offline-hint">
        Khi có mạng trở lại, hãy tải lại trang. Để đọc khi không có mạng, mở một cuốn sách và chọn “Tải để đọc ngoại
        tuyến”.
      </p>
    </section>
  );
}
