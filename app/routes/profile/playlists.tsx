import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { HeadphonesIcon } from '#app/components/ui/icons.tsx';
import { formatDuration, formatNumber } from '#app/lib/format.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/playlists';
import '#app/styles/audio.css';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  return { playlists: await context.services.playlists.list(user.id) };
}

export function meta() {
  return [{ title: `Danh sách phát — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function PlaylistsPage({ loaderData }: Route.ComponentProps) {
  const { playlists } = loaderData;
  return (
    <section aria-labelledby="playlists-title">
      <div className="playlist-header">
        <h1 id="playlists-title">Danh sách phát</h1>
        <Link to="/profile/playlist/edit" className="button button-primary">
          Tạo danh sách phát
        </Link>
      </div>
      {playlists.length === 0 ? (
        <div className="empty-state">
          <p>
            Bạn chưa có danh sách phát nào. Gom những bài pháp âm muốn nghe lại vào một danh sách, sắp thứ tự theo ý
            mình và phát liền một mạch.
          </p>
          <Link to="/phap-am" className="button button-ghost">
            Xem các bài pháp âm
          </Link>
        </div>
      ) : (
        <ul className="audio-collections playlist-cards">
          {playlists.map((p) => (
            <li key={p.id}>
              <Link to={`/profile/playlist/${p.id}`} className="audio-collection-card" data-testid="playlist-card">
                <span className="audio-collection-icon" aria-hidden="true">
                  <HeadphonesIcon size={24} />
                </span>
                <span className="audio-collection-body">
                  <span className="audio-collection-title">{p.name}</span>
                  {p.description ? <span className="audio-collection-text">{p.description}</span> : null}
                  <span className="audio-collection-meta">
                    {formatNumber(p.itemCount)} bài{p.itemCount > 0 ? ` · ${formatDuration(p.totalSeconds)}` : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
