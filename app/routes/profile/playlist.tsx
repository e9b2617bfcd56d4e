import { positiveIdOf } from '#app/lib/params.ts';
import { data, Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { SITE_NAME } from '#common/constants.ts';
import { PlaylistQueue } from '#app/components/audio/playlist-queue.tsx';
import { PlaylistDownload } from '#app/components/offline/playlist-download.tsx';
import { formatDuration, formatNumber } from '#app/lib/format.ts';
import { formFailureOf, isNotFoundError } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlist';
import '#app/styles/audio.css';
import '#app/styles/offline.css';

/** One of the reader's playlists; someone else's is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  const id = positiveIdOf(params.id);
  if (!id) throw data('Not Found', { status: 404 });
  try {
    const [playlist, items] = await Promise.all([
      context.services.playlists.get(user.id, id),
      context.services.playlists.items(user.id, id),
    ]);
    return { playlist, items };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
}

const ZItemIds = z.array(z.number().int().positive());

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const id = positiveIdOf(params.id);
  if (!id) throw data('Not Found', { status: 404 });
  const form = await request.formData();
  try {
    const intent = form.get('intent');
    if (intent === 'reorder') {
      const itemIds = ZItemIds.safeParse(JSON.parse(String(form.get('itemIds') ?? '[]')));
      if (!itemIds.success) return data({ ok: false, error: 'Thứ tự không hợp lệ.' }, { status: 400 });
      await context.services.playlists.reorder(user.id, { playlistId: id, itemIds: itemIds.data });
    } else if (intent === 'remove-item') {
      await context.services.playlists.removeItem(user.id, Number(form.get('id')));
    } else if (intent === 'remove-playlist') {
      await context.services.playlists.remove(user.id, id);
      return redirect('/profile/playlist');
    }
    return { ok: true, error: null };
  } catch (error) {
    if (error instanceof SyntaxError) return data({ ok: false, error: 'Thứ tự không hợp lệ.' }, { status: 400 });
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.playlist.name ?? 'Danh sách phát'} — ${SITE_NAME}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function PlaylistPage({ loaderData }: Route.ComponentProps) {
  const { playlist, items } = loaderData;
  return (
    <section aria-labelledby="playlist-title">
      <nav className="breadcrumb" aria-label="Đường dẫn">
        <ol>
          <li>
            <Link to="/profile/playlist">Danh sách phát</Link>
          </li>
        </ol>
      </nav>
      <div className="playlist-header">
        <div>
          <h1 id="playlist-title">{playlist.name}</h1>
          {playlist.description ? <p className="library-lead">{playlist.description}</p> : null}
          <p className="audio-collection-meta">
            {formatNumber(playlist.itemCount)} bài
            {playlist.itemCount > 0 ? ` · ${formatDuration(playlist.totalSeconds)}` : ''}
          </p>
        </div>
        <div className="playlist-form-actions">
          <Link to={`/profile/playlist/edit/${playlist.id}`} className="button button-ghost">
            Sửa
          </Link>
          <Form method="post" onSubmit={(e) => !confirm(`Xoá danh sách “${playlist.name}”?`) && e.preventDefault()}>
            <input type="hidden" name="intent" value="remove-playlist" />
            <button type="submit" className="button button-ghost">
              Xoá
            </button>
          </Form>
        </div>
      </div>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Danh sách này chưa có bài nào. Trên trang mỗi bài pháp âm, bấm “Thêm vào danh sách phát”.</p>
          <Link to="/phap-am" className="button button-ghost">
            Xem các bài pháp âm
          </Link>
        </div>
      ) : (
        <>
          <PlaylistDownload items={items} />
          <PlaylistQueue items={items} name={playlist.name} />
        </>
      )}
    </section>
  );
}
