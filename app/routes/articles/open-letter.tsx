import { SITE_NAME } from '#common/constants.ts';
import type { RouteHandle } from '#app/components/layout/app-shell.tsx';
import { UnderConstruction } from '#app/components/ui/under-construction.tsx';

export function meta() {
  return [{ title: `Thư ngỏ — ${SITE_NAME}` }];
}

/** The open letter has its own header style. */
export const handle: RouteHandle = { headerVariant: 'letter' };

export default function OpenLetterPage() {
  return (
    <UnderConstruction title="Thư ngỏ">
      <p>Thư ngỏ của những người gìn giữ thư viện đang được viết.</p>
    </UnderConstruction>
  );
}
