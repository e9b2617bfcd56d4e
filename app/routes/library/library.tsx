import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Thư viện — ${SITE_NAME}` }];
}

export default function LibraryPage() {
  return (
    <UnderConstruction title="Thư viện">
      <p>
        Thư viện sách và pháp âm, với bộ lọc theo tên, ngày và thời lượng, đang được xây dựng. Trong lúc chờ, bạn có thể
        đọc các bộ kinh ở trang chủ.
      </p>
    </UnderConstruction>
  );
}
