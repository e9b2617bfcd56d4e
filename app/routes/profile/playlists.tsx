import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Danh sách phát — ${SITE_NAME}` }];
}

export default function PlaylistsPage() {
  return (
    <UnderConstruction title="Danh sách phát">
      <p>Danh sách phát pháp âm của bạn đang được xây dựng.</p>
    </UnderConstruction>
  );
}
