import { data } from 'react-router';
import { ZNoteExportQuerySchema } from '#common/contracts/note-export.schema.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/note-export-file';

/**
 * "Tải tệp" on /profile/note-export: the API's export needs the x-token header, which the browser
 * never holds; this route makes the same file for a plain form (GET) with the session cookie.
 * Only the reader's own notes, always.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  const url = new URL(request.url);
  const query = Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((key) => {
      const values = url.searchParams.getAll(key).filter((v) => v !== '');
      return [key, key === 'color' ? values : values[0]];
    }),
  );
  const parsed = ZNoteExportQuerySchema.safeParse(query);
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Yêu cầu không hợp lệ.', { status: 400 });
  const file = await context.services.noteExport.exportNotes(
    user.id,
    parsed.data,
    context.services.site.originFor(request.url),
  );
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
