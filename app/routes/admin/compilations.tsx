import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import type { Route } from './+types/compilations';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  return { compilations: await context.services.compilationAdmin.list(user) };
}

export function meta() {
  return [{ title: `Tổng hợp — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function CompilationsAdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <h1>Tổng hợp</h1>
      <p className="library-lead">
        Mỗi tổng hợp gom sách, pháp âm, video và bài viết quanh một chủ đề, theo thứ tự người biên tập chọn.
      </p>
      <p>
        <Link to="/quan-tri/tong-hop/moi" className="button button-primary">
          Tạo tổng hợp
        </Link>
      </p>
      <ul className="moderation-featured" data-testid="admin-compilations">
        {loaderData.compilations.map((c) => (
          <li key={c.id}>
            <span>
              <Link to={`/quan-tri/tong-hop/${c.id}`}>{c.title}</Link> · {c.items.length} mục ·{' '}
              {c.status === 'published' ? 'đã đăng' : 'bản nháp'}
            </span>
            {c.status === 'published' ? <Link to={`/tong-hop/${c.id}`}>Xem trên trang đọc</Link> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
