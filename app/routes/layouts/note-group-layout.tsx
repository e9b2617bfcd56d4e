import { Outlet } from 'react-router';
import { AppShell } from '#app/components/layout/app-shell.tsx';
import { ErrorPage } from '#app/components/layout/error-page.tsx';
import { NoteGroupArtwork } from '#app/components/ui/note-group-artwork.tsx';
import type { Route } from './+types/note-group-layout';

/** The note-group layout: the page beside a quiet sidebar image, shown on desktop only. */
export default function NoteGroupLayout() {
  return (
    <AppShell>
      <div className="note-group-layout">
        <aside className="note-group-sidebar" aria-hidden="true" data-testid="note-group-sidebar">
          <NoteGroupArtwork />
        </aside>
        <div className="note-group-content">
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
