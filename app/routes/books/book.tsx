import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Đọc sách — ${SITE_NAME}` }];
}

export default function BookPage() {
  return (
    <UnderConstruction title="Đọc sách">
      <p>Trình đọc sách — mục lục, cỡ chữ, đánh dấu và ghi chú — đang được xây dựng.</p>
    </UnderConstruction>
  );
}
