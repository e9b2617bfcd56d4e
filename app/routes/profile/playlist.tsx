import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Danh sách phát — ${SITE_NAME}` }];
}

export default function PlaylistPage() {
  return (
    <UnderConstruction title="Danh sách phát">
      <p>Trang một danh sách phát đang được xây dựng.</p>
    </UnderConstruction>
  );
}
