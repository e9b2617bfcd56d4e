import { useId } from 'react';
import { Link, useFetcher } from 'react-router';

/** "Add to playlist" on a talk, for logged-in readers (the talk page's action adds it). */
export function AddToPlaylist({ talkId, playlists }: { talkId: number; playlists: { id: number; name: string }[] }) {
  const fetcher = useFetcher<{ ok: boolean; error: string | null; added?: boolean }>();
  const id = useId();
  if (playlists.length === 0) {
    return (
      <p className="talk-bookmarks-login">
        <Link to="/profile/playlist/edit">Tạo danh sách phát</Link> để gom những bài muốn nghe lại.
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="add-to-playlist" data-testid="add-to-playlist">
      <input type="hidden" name="intent" value="add-to-playlist" />
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
        <span className="talk-share-problem" role="alert">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
