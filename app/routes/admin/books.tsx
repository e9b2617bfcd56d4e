import { Form, Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { BOOK_STATUS_LABELS } from '#common/contracts/book-admin.schema.ts';
import { ZLibrarySearchQuerySchema } from '#common/contracts/library.schema.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formatDate, formatNumber } from '#app/lib/format.ts';
import type { Route } from './+types/books';
import '#app/styles/admin-books.css';

const PAGE_SIZE = 30;

/** Every book in any state, through the admin library search (drafts beside published ones). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const url = new URL(request.url);
  const parsed = ZLibrarySearchQuerySchema.safeParse({
    ...Object.fromEntries(url.searchParams),
    loai: 'book',
    size: String(PAGE_SIZE),
  });
  const query = parsed.success ? parsed.data : ZLibrarySearchQuerySchema.parse({ loai: 'book', size: PAGE_SIZE });
  const result = await context.services.library.searchAsModerator(user, query);
  const books = result.items.flatMap((item) => (item.kind === 'book' ? [item] : []));
  const ids = await context.services.bookAdmin.idsOfCodes(
    user,
    books.map((b) => b.code),
  );
  return {
    items: books.flatMap((book) => {
      const known = ids.get(book.code);
      return known ? [{ ...book, id: known.id, status: known.status }] : [];
    }),
    total: result.total,
    page: result.page,
    perPage: result.perPage,
    filters: { tim: query.tim ?? '', ten: query.ten ?? '', ngay: query.ngay ?? '' },
    invalid: !parsed.success,
    deleted: url.searchParams.get('xoa') === '1',
  };
}

export function meta() {
  return [{ title: `Kinh sách — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBooksPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, perPage, filters } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const filtered = !!(filters.tim || filters.ten || filters.ngay);
  const hrefFor = (n: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
    params.set('page', String(n));
    return `/quan-tri/sach?${params}`;
  };
  return (
    <div className="admin-page">
      <div className="admin-page-head">
        <h1>Kinh sách</h1>
        <Link to="/quan-tri/sach/moi" className="button button-primary">
          + Thêm sách
        </Link>
      </div>
      <p className="library-lead">
        Mọi cuốn sách của thư viện — đã xuất bản, bản nháp và đang chờ kiểm duyệt. Bản nháp chỉ người quản trị thấy.
      </p>
      <Form method="get" className="admin-filter admin-book-filter" role="search" aria-label="Tìm sách">
        <div className="admin-field">
          <label htmlFor="book-filter-tim">Tìm trong tên, tác giả, giới thiệu</label>
          <input id="book-filter-tim" name="tim" type="search" defaultValue={filters.tim} maxLength={200} />
        </div>
        <div className="admin-field">
          <label htmlFor="book-filter-ten">Tên sách</label>
          <input id="book-filter-ten" name="ten" type="search" defaultValue={filters.ten} maxLength={200} />
        </div>
        <div className="admin-field">
          <label htmlFor="book-filter-ngay">Xuất bản từ ngày</label>
          <input id="book-filter-ngay" name="ngay" type="date" defaultValue={filters.ngay} />
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-ghost">
            Lọc
          </button>
          {filtered ? (
            <Link to="/quan-tri/sach" className="admin-link-quiet">
              Bỏ lọc
            </Link>
          ) : null}
        </div>
      </Form>
      {loaderData.deleted ? (
        <p className="admin-alert" role="status">
          Đã xoá sách.
        </p>
      ) : null}
      {loaderData.invalid ? (
        <p className="admin-alert admin-alert-error" role="alert">
          Bộ lọc không hợp lệ nên đã bỏ qua (ngày phải có dạng năm-tháng-ngày).
        </p>
      ) : null}
      <p className="admin-count" aria-live="polite">
        {formatNumber(total)} cuốn sách{filtered ? ' khớp bộ lọc' : ''}
      </p>
      {items.length === 0 ? (
        <p className="admin-empty">
          {filtered ? 'Không có sách nào khớp bộ lọc.' : 'Chưa có sách nào. Hãy thêm cuốn đầu tiên.'}
        </p>
      ) : (
        <ul className="admin-book-list" data-testid="admin-book-list">
          {items.map((book) => (
            <li key={book.code} className="admin-book-row" data-status={book.status}>
              <Link to={`/quan-tri/sach/${book.id}`} className="admin-book-cover" tabIndex={-1} aria-hidden="true">
                <BookCover code={book.code} title={book.title} coverImage={book.coverImage} sizes="64px" />
              </Link>
              <div className="admin-book-main">
                <Link to={`/quan-tri/sach/${book.id}`} className="admin-book-title">
                  {book.title}
                </Link>
                <p className="admin-book-meta">
                  {book.author ? <span>{book.author}</span> : null}
                  <span>{formatNumber(book.chapterCount)} chương</span>
                  <span>
                    <code>{book.code}</code>
                  </span>
                </p>
              </div>
              <div className="admin-book-side">
                <span className={`admin-status admin-status-${book.status}`}>{BOOK_STATUS_LABELS[book.status]}</span>
                {book.status === 'published' ? (
                  <span className="admin-book-date">từ {formatDate(book.publishedAt)}</span>
                ) : null}
                <span className="admin-book-links">
                  <Link to={`/quan-tri/sach/${book.id}`}>Sửa</Link>
                  {book.status === 'published' ? <Link to={`/sach/${book.code}`}>Xem</Link> : null}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} /> : null}
    </div>
  );
}
