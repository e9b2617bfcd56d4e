import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlist-edit';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurrentUser(request, context);
  return null;
}

export function meta() {
  return [{ title: `Tạo danh sách phát — ${SITE_NAME}` }];
}

export default function PlaylistEditPage() {
  return (
    <UnderConstruction title="Tạo danh sách phát">
      <p>Trang tạo và sửa danh sách phát đang được xây dựng.</p>
    </UnderConstruction>
  );
}
