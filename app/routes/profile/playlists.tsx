import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlists';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurrentUser(request, context);
  return null;
}

export function meta() {
  return [{ title: `Danh sách phát — ${SITE_NAME}` }];
}

export default function PlaylistsPage() {
  return (
    <UnderConstruction title="Danh sách phát">
      <p>Danh sách phát pháp âm của bạn đang được xây dựng.</p>
    </UnderConstruction>
  );
}
