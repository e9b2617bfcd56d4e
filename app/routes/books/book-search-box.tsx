import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tìm trong sách — ${SITE_NAME}` }];
}

export default function BookSearchBoxPage() {
  return (
    <UnderConstruction title="Tìm trong sách">
      <p>Ô tìm kiếm bên trong một cuốn sách sẽ có cùng bộ máy tìm kiếm tiếng Việt.</p>
    </UnderConstruction>
  );
}
