import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Lịch sử đọc — ${SITE_NAME}` }];
}

export default function ReadingHistoryPage() {
  return (
    <UnderConstruction title="Lịch sử đọc">
      <p>Lịch sử đọc, lưu trên thiết bị của bạn (và trong tài khoản khi đăng nhập), đang được xây dựng.</p>
    </UnderConstruction>
  );
}
