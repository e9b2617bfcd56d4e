import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Pháp âm — ${SITE_NAME}` }];
}

export default function AudioPage() {
  return (
    <UnderConstruction title="Pháp âm">
      <p>
        Các bộ pháp âm, trình nghe giữ tiếng khi bạn chuyển trang, danh sách phát và bản ghi lời giảng đang được xây
        dựng.
      </p>
    </UnderConstruction>
  );
}
