import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { LotusIcon } from '#app/components/ui/icons.tsx';

export function meta() {
  return [{ title: `Nội dung đang được kiểm duyệt — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/** Where a reader lands when what they opened (a shared list, a draft) is still being reviewed. */
export default function ModerationNotice() {
  return (
    <section className="notice-page page-narrow" aria-labelledby="moderation-title">
      <span className="uc-icon">
        <LotusIcon size={40} />
      </span>
      <h1 id="moderation-title">Nội dung này đang được kiểm duyệt</h1>
      <p>
        Những gì bạn đọc chia sẻ — như một danh sách trích dẫn — được ban biên tập đọc lại trước khi mở cho mọi người,
        để thư viện luôn đúng lời kinh và giữ được sự trang nghiêm.
      </p>
      <p>
        Thường việc này mất vài ngày. Nếu bạn là người chia sẻ, bạn có thể xem trạng thái trong trang cá nhân của mình.
        Nếu ai đó gửi liên kết cho bạn, xin quay lại sau ít hôm.
      </p>
      <p className="uc-actions">
        <Link to="/" className="button button-primary">
          Về trang chủ
        </Link>
        <Link to="/danh-sach" className="button button-ghost">
          Xem các danh sách đã duyệt
        </Link>
      </p>
    </section>
  );
}
