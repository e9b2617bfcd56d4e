import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import type { HistoryEntry } from '#common/contracts/history.schema.ts';
import { clearDeviceHistory, readDeviceHistory } from '#app/lib/device-history.ts';
import { capitalizeFirst, formatDate } from '#app/lib/format.ts';
import { getCurrentUser, requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/reading-history';

export function meta() {
  return [{ title: `Lịch sử đọc — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/** Shown to everyone: the account's history when logged in, this browser's otherwise. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  return { loggedIn: user !== null, entries: user ? await context.services.history.list(user.id) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  await context.services.history.clear(user.id);
  return { cleared: true };
}

function continuePath(entry: HistoryEntry): string {
  return `/${entry.chapterCode}/${entry.bookCode}${entry.paragraph ? `#${entry.paragraph}` : ''}`;
}

export default function ReadingHistoryPage({ loaderData }: Route.ComponentProps) {
  const { loggedIn } = loaderData;
  const [device, setDevice] = useState<HistoryEntry[] | null>(null);
  const fetcher = useFetcher();
  useEffect(() => {
    if (!loggedIn) setDevice(readDeviceHistory());
  }, [loggedIn]);
  const entries = loggedIn ? loaderData.entries : device;

  const clear = () => {
    clearDeviceHistory();
    if (loggedIn) fetcher.submit({ intent: 'clear' }, { method: 'post' });
    else setDevice([]);
  };

  return (
    <section className="history-page" aria-labelledby="history-title">
      <header className="history-header">
        <h1 id="history-title">Lịch sử đọc</h1>
        {entries && entries.length > 0 ? (
          <button type="button" className="button button-ghost" onClick={clear}>
            Xóa lịch sử
          </button>
        ) : null}
      </header>
      <p className="profile-note">
        {loggedIn
          ? 'Những cuốn sách bạn đã đọc, trên mọi thiết bị bạn đăng nhập.'
          : 'Lịch sử này được lưu trên thiết bị của bạn. Đăng nhập để giữ nó trong tài khoản và đọc tiếp ở máy khác.'}
      </p>
      {entries === null ? null : entries.length === 0 ? (
        <div className="empty-state">
          <p>Bạn chưa đọc cuốn sách nào. Những gì bạn đọc sẽ hiện ở đây để tiện đọc tiếp.</p>
          <Link to="/thu-vien?loai=book&size=50&page=1" className="button button-primary">
            Vào thư viện
          </Link>
        </div>
      ) : (
        <ul className="history-list" data-testid="history-list">
          {entries.map((entry) => (
            <li key={entry.bookCode} className="history-item">
              <div>
                <p className="history-book">{entry.bookTitle}</p>
                <p className="history-meta">
                  {entry.chapterTitle ? capitalizeFirst(entry.chapterTitle) : `Chương ${entry.chapterPosition}`} ·{' '}
                  {formatDate(entry.readAt)}
                </p>
              </div>
              <Link to={continuePath(entry)} className="button button-primary">
                Đọc tiếp
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
