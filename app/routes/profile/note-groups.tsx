import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Nhóm ghi chú — ${SITE_NAME}` }];
}

export default function NoteGroupsPage() {
  return (
    <UnderConstruction title="Nhóm ghi chú">
      <p>Nhóm ghi chú — tuyển tập những đoạn kinh bạn đã đánh dấu, sắp xếp và in ra PDF — đang được xây dựng.</p>
    </UnderConstruction>
  );
}
