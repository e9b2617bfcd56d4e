import { Link, redirect } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { AuditList } from '#app/components/admin/audit-list.tsx';
import { requireAdminPage, requireStaffPage } from '#app/lib/admin.server.ts';
import { formatNumber } from '#app/lib/format.ts';
import { mayAdminister } from '#server/policies/roles.policy.ts';
import type { Route } from './+types/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  // Moderators' part of the administration is the moderation queue.
  const staff = await requireStaffPage(request, context);
  if (!mayAdminister(staff)) throw redirect('/quan-tri/kiem-duyet');
  const user = await requireAdminPage(request, context);
  const [home, queue, audit] = await Promise.all([
    context.services.home.getHomePageData(),
    context.services.noteGroups.queue(user, 1, 1),
    context.services.audit.list(user, { page: 1, perPage: 8 }),
  ]);
  return { counts: home.counts, pending: queue.total, audit: audit.items };
}

export function meta() {
  return [{ title: `Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts, pending, audit } = loaderData;
  const figures = [
    ['Kinh sách', counts.books],
    ['Pháp âm', counts.talks],
    ['Video', counts.videos],
    ['Bài viết', counts.articles],
    ['Tổng hợp', counts.compilations],
  ] as const;
  return (
    <div className="admin-page">
      <h1>Quản trị thư viện</h1>
      <p className="library-lead">
        Những gì đang được xuất bản, việc đang chờ, và ai vừa làm gì. Sách và bài giảng có sẵn trong máy thì{' '}
        <Link to="/quan-tri/nhap">nhập tệp</Link> (EPUB, Word, Markdown, MP3 kèm lời).
      </p>
      <dl className="admin-figures" data-testid="admin-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
        <div>
          <dt>Chờ kiểm duyệt</dt>
          <dd>
            <Link to="/quan-tri/kiem-duyet">{formatNumber(pending)}</Link>
          </dd>
        </div>
      </dl>
      <section className="admin-section" aria-labelledby="recent-title">
        <h2 id="recent-title">Việc vừa làm</h2>
        <AuditList entries={audit} />
        <p>
          <Link to="/quan-tri/nhat-ky">Xem cả nhật ký</Link>
        </p>
      </section>
    </div>
  );
}
