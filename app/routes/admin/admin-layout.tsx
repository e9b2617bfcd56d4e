import { Link, Outlet } from 'react-router';
import { AppShell } from '#app/components/layout/app-shell.tsx';
import { ErrorPage } from '#app/components/layout/error-page.tsx';
import { MenuLinkItem } from '#app/components/layout/menu-link.tsx';
import { ADMIN_MENU } from '#app/components/admin/admin-menu.ts';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { mayAdminister } from '#server/policies/roles.policy.ts';
import type { Route } from './+types/admin-layout';
import '#app/styles/admin.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  return { isAdmin: mayAdminister(user) };
}

/** The administration area's own layout: the site's frame, a left menu, the page. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const links = ADMIN_MENU.filter((link) => loaderData.isAdmin || !link.adminOnly);
  return (
    <AppShell>
      <div className="profile-layout admin-layout">
        <nav className="profile-menu" aria-label="Quản trị">
          <p className="profile-menu-title">Quản trị thư viện</p>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <MenuLinkItem link={link} className="profile-menu-item" />
              </li>
            ))}
          </ul>
          <p className="admin-menu-back">
            <Link to="/">← Về trang đọc</Link>
          </p>
        </nav>
        <div className="profile-content admin-content">
          <Outlet />
        </div>
      </div>
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppShell>
      <ErrorPage error={error} />
    </AppShell>
  );
}
