import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { SaveBookButton } from '#app/components/books/save-book-button.tsx';
import { getCurrentUser } from '#app/lib/session.server.ts';
import { BOOK_LIBRARY_PATH } from '#app/components/layout/menu.ts';
import { SearchIcon } from '#app/components/ui/icons.tsx';
import { formatNumber } from '#app/lib/format.ts';
import type { Route } from './+types/books';
import '#app/styles/library.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  const [books, saved] = await Promise.all([
    context.services.library.listBooks(),
    user ? context.services.favorites.list(user.id) : [],
  ]);
  return { books, loggedIn: user !== null, savedCodes: saved.map((b) => b.code) };
}

export function meta() {
  return [
    { title: `Kinh sách — ${SITE_NAME}` },
    { name: 'description', content: 'Mọi cuốn kinh sách của thư viện Pháp Bảo, đọc theo từng chương.' },
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { books, loggedIn, savedCodes } = loaderData;
  const loginPath = `/login?${new URLSearchParams({ redirectTo: '/sach' }).toString()}`;
  return (
    <div className="library page-width">
      <header className="library-header library-header-row">
        <div>
          <p className="eyebrow">Thư viện</p>
          <h1>Kinh sách</h1>
          <p className="library-lead">
            {formatNumber(books.length)} cuốn, đọc theo từng chương với nguyên văn chữ Hán bên cạnh.
          </p>
        </div>
        <Link to={BOOK_LIBRARY_PATH} className="button button-ghost">
          <SearchIcon size={18} /> Lọc trong thư viện
        </Link>
      </header>

      {books.length === 0 ? (
        <div className="library-empty" data-testid="library-empty">
          <p className="library-empty-title">Chưa có cuốn sách nào trong thư viện.</p>
        </div>
      ) : (
        <ul className="book-grid library-books">
          {books.map((book) => (
            <li key={book.code}>
              <Link to={`/sach/${book.code}`} className="book-card">
                <BookCover
                  code={book.code}
                  title={book.title}
                  subtitle={book.titleOriginal}
                  coverImage={book.coverImage}
                />
                <span className="book-card-title">{book.title}</span>
                {book.author ? <span className="book-card-meta library-book-author">{book.author}</span> : null}
                {book.translator ? (
                  <span className="book-card-meta library-book-author">Dịch: {book.translator}</span>
                ) : null}
                <span className="book-card-meta">{formatNumber(book.chapterCount)} chương</span>
              </Link>
              <SaveBookButton
                bookCode={book.code}
                saved={savedCodes.includes(book.code)}
                loggedIn={loggedIn}
                loginPath={loginPath}
                className="book-card-save"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
