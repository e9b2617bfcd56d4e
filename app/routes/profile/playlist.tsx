import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlist';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurrentUser(request, context);
  return null;
}

export function meta() {
  return [{ title: `Danh sách phát — ${SITE_NAME}` }];
}

export default function PlaylistPage() {
  return (
    <UnderConstruction title="Danh sách phát">
      <p>Trang một danh sách phát đang được xây dựng.</p>
    </UnderConstruction>
  );
}
