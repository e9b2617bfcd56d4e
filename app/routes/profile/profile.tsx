import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Tài khoản — ${SITE_NAME}` }];
}

export default function ProfilePage() {
  return (
    <UnderConstruction title="Tài khoản">
      <p>Trang tài khoản — tên hiển thị, ảnh đại diện, mật khẩu — đang được xây dựng.</p>
    </UnderConstruction>
  );
}
