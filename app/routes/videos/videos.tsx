import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Video — ${SITE_NAME}` }];
}

export default function VideosPage() {
  return (
    <UnderConstruction title="Video">
      <p>Thư viện video bài giảng đang được xây dựng.</p>
    </UnderConstruction>
  );
}
