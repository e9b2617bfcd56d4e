import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tin tức — ${SITE_NAME}` }];
}

export default function NewsPage() {
  return (
    <UnderConstruction title="Tin tức">
      <p>Trang tin tức và bài viết đang được xây dựng. Các bài viết mới nhất đã có ở trang chủ.</p>
    </UnderConstruction>
  );
}
