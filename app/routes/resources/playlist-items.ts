import { data } from 'react-router';
import { ZCreatePlaylistItemsSchema } from '#common/contracts/playlist.schema.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlist-items';

/**
 * "Add to playlist" from any page that lists talks (a talk's page, the library): adds one talk to
 * one of the reader's playlists. No page: answers the fetcher with JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const parsed = ZCreatePlaylistItemsSchema.safeParse({
    audioPlaylistItems: [{ playlistId: form.get('playlistId'), audioId: form.get('audioId') }],
  });
  if (!parsed.success) return data({ ok: false, error: 'Hãy chọn một danh sách phát.' }, { status: 400 });
  try {
    await context.services.playlists.addItems(user.id, parsed.data);
    return { ok: true, error: null, added: true };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}
