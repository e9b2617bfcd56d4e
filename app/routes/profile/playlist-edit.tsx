import { positiveIdOf } from '#app/lib/params.ts';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZCreatePlaylistSchema } from '#common/contracts/playlist.schema.ts';
import { formFailureOf, isNotFoundError } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlist-edit';
import '#app/styles/audio.css';

/** Create (no id) or edit one of the reader's playlists; someone else's is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  if (params.id === undefined) return { playlist: null };
  const id = positiveIdOf(params.id);
  if (!id) throw data('Not Found', { status: 404 });
  try {
    return { playlist: await context.services.playlists.get(user.id, id) };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const parsed = ZCreatePlaylistSchema.safeParse({
    name: String(form.get('name') ?? ''),
    description: String(form.get('description') ?? ''),
  });
  if (!parsed.success) {
    return data({ errorMessage: parsed.error.issues[0]?.message ?? '' }, { status: 400 });
  }
  try {
    const id = positiveIdOf(params.id);
    const playlist = id
      ? await context.services.playlists.update(user.id, { id, ...parsed.data })
      : await context.services.playlists.create(user.id, parsed.data);
    return redirect(`/profile/playlist/${playlist.id}`);
  } catch (error) {
    // The spec: a failed creation shows the server's errorMessage (or an empty message).
    const failure = formFailureOf(error);
    return data({ errorMessage: failure.data.message ?? '' }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.playlist ? `Sửa “${loaderData.playlist.name}”` : 'Tạo danh sách phát';
  return [{ title: `${title} — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function PlaylistEditPage({ loaderData }: Route.ComponentProps) {
  const { playlist } = loaderData;
  const failed = useActionData<typeof action>();
  const saving = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="playlist-edit-title" className="playlist-edit">
      <h1 id="playlist-edit-title">{playlist ? 'Sửa danh sách phát' : 'Tạo danh sách phát'}</h1>
      <Form method="post" className="playlist-form">
        <label htmlFor="playlist-name">Tên</label>
        <input
          id="playlist-name"
          name="name"
          required
          maxLength={120}
          defaultValue={playlist?.name ?? ''}
          placeholder="Ví dụ: Nghe buổi sáng"
          aria-invalid={failed ? true : undefined}
        />
        <label htmlFor="playlist-description">Mô tả (không bắt buộc)</label>
        <textarea
          id="playlist-description"
          name="description"
          maxLength={1000}
          rows={3}
          defaultValue={playlist?.description ?? ''}
        />
        {failed ? (
          <p className="talk-share-problem" role="alert">
            {failed.errorMessage}
          </p>
        ) : null}
        <div className="playlist-form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {playlist ? 'Lưu' : 'Tạo'}
          </button>
          <Link
            to={playlist ? `/profile/playlist/${playlist.id}` : '/profile/playlist'}
            className="button button-ghost"
          >
            Huỷ
          </Link>
        </div>
      </Form>
    </section>
  );
}
