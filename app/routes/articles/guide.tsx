import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Hướng dẫn sử dụng — ${SITE_NAME}` }];
}

export default function GuidePage() {
  return (
    <UnderConstruction title="Hướng dẫn sử dụng">
      <p>Bài hướng dẫn cách dùng thư viện đang được viết.</p>
    </UnderConstruction>
  );
}
