import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Danh sách trích dẫn — ${SITE_NAME}` }];
}

export default function ListDetailPage() {
  return (
    <UnderConstruction title="Danh sách trích dẫn">
      <p>Trang chi tiết của một danh sách trích dẫn đang được xây dựng.</p>
    </UnderConstruction>
  );
}
