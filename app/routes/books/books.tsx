import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { BOOK_LIBRARY_PATH } from '#app/components/layout/menu.ts';
import { SearchIcon } from '#app/components/ui/icons.tsx';
import { formatNumber } from '#app/lib/format.ts';
import type { Route } from './+types/books';
import '#app/styles/library.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { books: await context.services.library.listBooks() };
}

export function meta() {
  return [
    { title: `Kinh sách — ${SITE_NAME}` },
    { name: 'description', content: 'Mọi cuốn kinh sách của thư viện Pháp Bảo, đọc theo từng chương.' },
  ];
}

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { books } = loaderData;
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
                <BookCover code={book.code} title={book.title} subtitle={book.titleOriginal} />
                <span className="book-card-title">{book.title}</span>
                {book.author ? <span className="book-card-meta library-book-author">{book.author}</span> : null}
                {book.translator ? (
                  <span className="book-card-meta library-book-author">Dịch: {book.translator}</span>
                ) : null}
                <span className="book-card-meta">{formatNumber(book.chapterCount)} chương</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
