import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/search-collection';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurrentUser(request, context);
  return null;
}

export function meta() {
  return [{ title: `Tìm kiếm đã lưu — ${SITE_NAME}` }];
}

export default function SearchCollectionPage() {
  return (
    <UnderConstruction title="Tìm kiếm đã lưu">
      <p>Các tìm kiếm bạn đã lưu đang được xây dựng.</p>
    </UnderConstruction>
  );
}
