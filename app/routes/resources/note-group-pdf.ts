import { data } from 'react-router';
import { isNotFoundError } from '#app/lib/form-errors.server.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/note-group-pdf';

/**
 * "Tải PDF" on a note group's page. The API's PDF needs the x-token header, which the browser
 * never holds (the session is an HttpOnly cookie): this route makes the same file for a plain link.
 * Owner-only: someone else's group is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  const id = positiveIdOf(params.id);
  if (!id) throw data('Not Found', { status: 404 });
  try {
    const origin = context.services.site.originFor(request.url);
    const pdf = await context.services.noteGroups.exportPdf(user.id, id, origin);
    return new Response(new Uint8Array(pdf.bytes), {
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(pdf.bytes.length),
        'content-disposition': `attachment; filename="${pdf.fileName}"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
}
