import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tổng hợp — ${SITE_NAME}` }];
}

export default function CompilationsPage() {
  return (
    <UnderConstruction title="Tổng hợp">
      <p>Các tuyển tập gom sách, pháp âm, video và bài viết quanh một chủ đề đang được xây dựng.</p>
    </UnderConstruction>
  );
}
