import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Sách đã lưu — ${SITE_NAME}` }];
}

export default function ReadingListPage() {
  return (
    <UnderConstruction title="Sách đã lưu">
      <p>Danh sách sách bạn đã lưu đang được xây dựng.</p>
    </UnderConstruction>
  );
}
