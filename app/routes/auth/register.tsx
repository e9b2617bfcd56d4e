import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Đăng ký — ${SITE_NAME}` }];
}

export default function RegisterPage() {
  return (
    <UnderConstruction title="Đăng ký">
      <p>Đăng ký tài khoản để lưu đánh dấu, ghi chú, danh sách phát và sách yêu thích đang được xây dựng.</p>
    </UnderConstruction>
  );
}
