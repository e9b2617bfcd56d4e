import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tìm kiếm nhiều — ${SITE_NAME}` }];
}

export default function MostSearchedPage() {
  return (
    <UnderConstruction title="Tìm kiếm nhiều">
      <p>Những từ khóa được tìm nhiều nhất sẽ hiện ở đây khi bộ máy tìm kiếm hoàn thành.</p>
    </UnderConstruction>
  );
}
