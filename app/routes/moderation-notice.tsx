import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { LotusIcon } from '#app/components/ui/icons.tsx';
import '#app/styles/news.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export function meta() {
  return [{ title: `Nội dung đang được kiểm duyệt — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * Where a reader lands when what they opened (a shared note group, a draft) is still being
 * reviewed: an explanation, not an error (HTTP 200).
 */
// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function ModerationNotice() {
  return (
    <section className="notice-page moderation-page page-narrow" aria-labelledby="moderation-title">
      <span className="uc-icon">
        <LotusIcon size={40} />
      </span>
      <p className="eyebrow">Xin chờ ít hôm</p>
      <h1 id="moderation-title">Nội dung này đang được kiểm duyệt</h1>
      <p className="moderation-lead">
        Trang bạn vừa mở có thật, nhưng chưa được mở cho mọi người. Đây không phải lỗi — chỉ là nội dung còn đang chờ
        ban biên tập đọc lại.
      </p>
      <div className="moderation-points">
        <section aria-labelledby="moderation-what">
          <h2 id="moderation-what">Kiểm duyệt là gì?</h2>
          <p>
            Những gì bạn đọc chia sẻ với cộng đồng — như một nhóm trích dẫn — và những bài viết còn là bản nháp đều được
            ban biên tập đọc lại trước khi hiện lên thư viện, để lời kinh được trích đúng, nguồn được ghi đủ và thư viện
            giữ được sự trang nghiêm.
          </p>
        </section>
        <section aria-labelledby="moderation-why">
          <h2 id="moderation-why">Vì sao tôi chưa xem được?</h2>
          <p>
            Việc đọc lại thường mất vài ngày. Khi được duyệt, nội dung sẽ hiện ở đúng địa chỉ này — bạn không cần làm gì
            thêm, chỉ cần quay lại sau.
          </p>
        </section>
        <section aria-labelledby="moderation-who">
          <h2 id="moderation-who">Nếu tôi là người chia sẻ?</h2>
          <p>
            Bạn vẫn xem và sửa được nội dung của mình trong trang cá nhân. Nếu ai đó gửi liên kết này cho bạn, xin cảm
            ơn sự kiên nhẫn của bạn.
          </p>
        </section>
      </div>
      <p className="uc-actions">
        <Link to="/" className="button button-primary">
          Về trang chủ
        </Link>
        <Link to="/danh-sach" className="button button-ghost">
          Xem các danh sách đã duyệt
        </Link>
        <Link to="/bai-viet/huong-dan#nhom-ghi-chu" className="button button-ghost">
          Tìm hiểu về nhóm ghi chú
        </Link>
      </p>
    </section>
  );
}
