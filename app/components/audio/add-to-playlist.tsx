import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import '#app/styles/add-to-playlist.css';

/** "Add to playlist" on a talk, for logged-in readers (posted to the /playlist-items resource route). */
export function AddToPlaylist({ talkId, playlists }: { talkId: number; playlists: { id: number; name: string }[] }) {
  const fetcher = useFetcher<{ ok: boolean; error: string | null; added?: boolean }>();
  const id = useId();
  if (playlists.length === 0) {
    return (
      <p className="add-to-playlist-hint">
        <Link to="/profile/playlist/edit">Tạo danh sách phát</Link> để gom những bài muốn nghe lại.
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action="/playlist-items" className="add-to-playlist" data-testid="add-to-playlist">
      <input type="hidden" name="audioId" value={talkId} />
      <label htmlFor={id}>Thêm vào danh sách phát</label>
      <select id={id} name="playlistId" defaultValue={playlists[0]!.id}>
        {playlists.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-ghost" disabled={fetcher.state !== 'idle'}>
        Thêm
      </button>
      {fetcher.data?.added ? (
        <span className="add-to-playlist-done" role="status">
          Đã thêm.
        </span>
      ) : null}
      {fetcher.data?.error ? (
        <span className="add-to-playlist-problem" role="alert">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
