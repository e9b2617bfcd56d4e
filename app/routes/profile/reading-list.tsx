import { Link, useFetcher } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { formatDate } from '#app/lib/format.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import { data } from 'react-router';
import type { Route } from './+types/reading-list';

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

export default function ReadingListPage({ loaderData }: Route.ComponentProps) {
  const { books } = loaderData;
  return (
    <section className="reading-list" aria-labelledby="reading-list-title">
      <h1 id="reading-list-title">Sách đã lưu</h1>
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
