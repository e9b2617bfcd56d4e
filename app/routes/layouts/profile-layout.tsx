import { Outlet } from 'react-router';
import { AppShell } from '#app/components/layout/app-shell.tsx';
import { ErrorPage } from '#app/components/layout/error-page.tsx';
import { PROFILE_MENU } from '#app/components/layout/menu.ts';
import { MenuLinkItem } from '#app/components/layout/menu-link.tsx';
import { useCurrentUser } from '#app/lib/layout-data.ts';
import { mayModerate } from '#server/policies/roles.policy.ts';
import type { Route } from './+types/profile-layout';

/** The profile layout: a left menu beside the page; personal collections appear only when logged in. */
function ProfileMenu() {
  const user = useCurrentUser();
  const loggedIn = user !== null;
  const moderator = mayModerate(user);
  return (
    <nav className="profile-menu" aria-label="Trang cá nhân">
      <p className="profile-menu-title">Trang cá nhân</p>
      <ul>
        {PROFILE_MENU.filter((link) => (loggedIn || !link.requiresLogin) && (moderator || !link.forModerators)).map(
          (link) => (
            <li key={link.to}>
              <MenuLinkItem link={link} className="profile-menu-item" />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

export default function ProfileLayout() {
  return (
    <AppShell>
      <div className="profile-layout">
        <ProfileMenu />
        <div className="profile-content">
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
