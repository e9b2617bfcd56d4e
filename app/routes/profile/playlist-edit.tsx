import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tạo danh sách phát — ${SITE_NAME}` }];
}

export default function PlaylistEditPage() {
  return (
    <UnderConstruction title="Tạo danh sách phát">
      <p>Trang tạo và sửa danh sách phát đang được xây dựng.</p>
    </UnderConstruction>
  );
}
