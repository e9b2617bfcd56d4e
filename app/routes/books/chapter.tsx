import { data } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

// The chapter reader arrives with the books issue; until then unknown codes still answer 404.
export function loader() {
  throw data('Not Found', { status: 404 });
}

export function meta() {
  return [{ title: `Chương sách — ${SITE_NAME}` }];
}

export default function ChapterPage() {
  return (
    <UnderConstruction title="Chương sách">
      <p>Trình đọc từng chương đang được xây dựng.</p>
    </UnderConstruction>
  );
}
