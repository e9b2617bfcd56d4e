import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/reading-list';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurrentUser(request, context);
  return null;
}

export function meta() {
  return [{ title: `Sách đã lưu — ${SITE_NAME}` }];
}

export default function ReadingListPage() {
  return (
    <UnderConstruction title="Sách đã lưu">
      <p>Danh sách sách bạn đã lưu đang được xây dựng.</p>
    </UnderConstruction>
  );
}
