import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Sách — ${SITE_NAME}` }];
}

export default function BooksPage() {
  return (
    <UnderConstruction title="Sách">
      <p>Danh mục sách với bìa, tác giả và dịch giả đang được xây dựng. Các bộ kinh đã có thể đọc từ trang chủ.</p>
    </UnderConstruction>
  );
}
