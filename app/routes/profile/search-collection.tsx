import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tìm kiếm đã lưu — ${SITE_NAME}` }];
}

export default function SearchCollectionPage() {
  return (
    <UnderConstruction title="Tìm kiếm đã lưu">
      <p>Các tìm kiếm bạn đã lưu đang được xây dựng.</p>
    </UnderConstruction>
  );
}
