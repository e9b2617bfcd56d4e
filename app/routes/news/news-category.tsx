import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Chuyên mục — ${SITE_NAME}` }];
}

export default function NewsCategoryPage() {
  return (
    <UnderConstruction title="Chuyên mục">
      <p>Trang chuyên mục tin tức đang được xây dựng.</p>
    </UnderConstruction>
  );
}
