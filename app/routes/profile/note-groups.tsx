import { SITE_NAME } from '#common/constants.ts';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/note-groups';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurrentUser(request, context);
  return null;
}

export function meta() {
  return [{ title: `Nhóm ghi chú — ${SITE_NAME}` }];
}

export default function NoteGroupsPage() {
  return (
    <UnderConstruction title="Nhóm ghi chú">
      <p>Nhóm ghi chú — tuyển tập những đoạn kinh bạn đã đánh dấu, sắp xếp và in ra PDF — đang được xây dựng.</p>
    </UnderConstruction>
  );
}
