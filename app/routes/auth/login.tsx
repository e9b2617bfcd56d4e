import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Đăng nhập — ${SITE_NAME}` }];
}

export default function LoginPage() {
  return (
    <UnderConstruction title="Đăng nhập">
      <p>
        Đăng nhập bằng tài khoản hoặc mạng xã hội đang được xây dựng. Mọi nội dung của thư viện vẫn đọc được mà không
        cần tài khoản.
      </p>
    </UnderConstruction>
  );
}
