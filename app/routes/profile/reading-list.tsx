import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { formatDate } from '#app/lib/format.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import { data } from 'react-router';
import type { Route } from './+types/reading-list';
import '#app/styles/offline.css';

export function meta() {
  return [{ title: `Sách đã lưu — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  return { books: await context.services.favorites.list(user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const bookCode = String(form.get('bookCode') ?? '');
  try {
    // The save button of book and chapter pages posts here too.
    if (form.get('intent') === 'save-book') await context.services.favorites.save(user.id, bookCode);
    else await context.services.favorites.unsave(user.id, bookCode);
    return { ok: true };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}

function RemoveButton({ bookCode, title }: { bookCode: string; title: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="bookCode" value={bookCode} />
      <input type="hidden" name="intent" value="unsave-book" />
      <button type="submit" className="button button-ghost reading-list-remove" aria-label={`Bỏ lưu ${title}`}>
        Bỏ lưu
      </button>
    </fetcher.Form>
  );
}

type DownloadAllState =
  | { step: 'idle' }
  | { step: 'running'; book: number; done: number; total: number }
  | { step: 'done'; ok: number; failed: number };

/**
 * The reading list downloaded in one step (decision 0030): each saved book not yet on this device,
 * one after another, with the same check as a book page's download. The download code loads when
 * the button is pressed.
 */
function DownloadAll({ codes }: { codes: string[] }) {
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<DownloadAllState>({ step: 'idle' });
  useEffect(() => setSupported('caches' in window && 'serviceWorker' in navigator), []);
  if (!supported) return null;
  const run = async () => {
    const offline = await import('#app/lib/offline-books.ts');
    let ok = 0;
    let failed = 0;
    for (const [i, code] of codes.entries()) {
      setState({ step: 'running', book: i + 1, done: 0, total: 1 });
      try {
        if (await offline.findDownload(code)) {
          ok += 1;
          continue;
        }
        const book = await offline.fetchOfflineBook(code);
        const { check } = await offline.downloadBook(book, (done, total) =>
          setState({ step: 'running', book: i + 1, done, total }),
        );
        if (check.ok) ok += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
    setState({ step: 'done', ok, failed });
  };
  return (
    <div className="reading-list-offline" aria-live="polite" data-testid="reading-list-download">
      {state.step === 'idle' ? (
        <button type="button" className="button button-ghost" onClick={() => void run()}>
          Tải cả {codes.length} cuốn để đọc ngoại tuyến
        </button>
      ) : state.step === 'running' ? (
        <>
          <label htmlFor="reading-list-progress">
            Đang tải cuốn {state.book}/{codes.length}: {state.done}/{state.total} trang…
          </label>
          <progress id="reading-list-progress" value={state.done} max={state.total} />
        </>
      ) : (
        <p className={state.failed === 0 ? 'offline-ok' : 'offline-bad'}>
          {state.failed === 0
            ? `Đã tải đủ ${state.ok}/${codes.length} cuốn để đọc ngoại tuyến.`
            : `Đã tải ${state.ok}/${codes.length} cuốn; ${state.failed} cuốn chưa tải được, hãy thử lại khi mạng ổn định.`}{' '}
          <Link to="/tai-ve">Xem những gì đã tải</Link>
        </p>
      )}
    </div>
  );
}

export default function ReadingListPage({ loaderData }: Route.ComponentProps) {
  const { books } = loaderData;
  return (
    <section className="reading-list" aria-labelledby="reading-list-title">
      <h1 id="reading-list-title">Sách đã lưu</h1>
      {books.length > 0 ? <DownloadAll codes={books.map((b) => b.code)} /> : null}
      {books.length === 0 ? (
        <div className="empty-state">
          <p>Bạn chưa lưu cuốn sách nào. Khi đọc, bấm “Lưu sách” để giữ sách ở đây và quay lại đọc tiếp.</p>
          <Link to="/thu-vien?loai=book&size=50&page=1" className="button button-primary">
            Vào thư viện
          </Link>
        </div>
      ) : (
        <ul className="reading-list-items">
          {books.map((book) => (
            <li key={book.code} className="reading-list-item">
              <Link
                to={book.firstChapterCode ? `/${book.firstChapterCode}/${book.code}` : `/sach/${book.code}`}
                className="reading-list-cover"
              >
                <BookCover
                  code={book.code}
                  title={book.title}
                  subtitle={book.titleOriginal}
                  coverImage={book.coverImage}
                />
              </Link>
              <div className="reading-list-body">
                <Link
                  to={book.firstChapterCode ? `/${book.firstChapterCode}/${book.code}` : `/sach/${book.code}`}
                  className="reading-list-title"
                >
                  {book.title}
                </Link>
                {book.author ? <p className="reading-list-meta">{book.author}</p> : null}
                <p className="reading-list-meta">
                  {book.chapterCount} chương · lưu ngày {formatDate(book.savedAt)}
                </p>
              </div>
              <RemoveButton bookCode={book.code} title={book.title} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
