import { Outlet } from 'react-router';
import { AppShell } from '#app/components/layout/app-shell.tsx';
import { ErrorPage } from '#app/components/layout/error-page.tsx';
import type { Route } from './+types/default-layout';

/** The default layout: header, content, footer. */
export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
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
