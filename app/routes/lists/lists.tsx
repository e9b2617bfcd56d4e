import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Trích dẫn — ${SITE_NAME}` }];
}

export default function ListsPage() {
  return (
    <UnderConstruction title="Trích dẫn">
      <p>Các danh sách trích dẫn do bạn đọc chọn lọc và chia sẻ (sau khi được kiểm duyệt) đang được xây dựng.</p>
    </UnderConstruction>
  );
}
