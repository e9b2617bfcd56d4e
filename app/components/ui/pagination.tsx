import { Link } from 'react-router';
import { formatNumber } from '#app/lib/format.ts';

/**
 * "Trang trước · Trang N / M · Trang sau" under a list. Past the last page (a hand-edited address)
 * the previous link leads back to the last one.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <nav className="pagination" aria-label="Phân trang">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pageCount))} className="button button-ghost" rel="prev">
          Trang trước
        </Link>
      ) : (
        <span className="button button-ghost" aria-disabled="true">
          Trang trước
        </span>
      )}
      <span className="pagination-status">
        Trang {formatNumber(page)} / {formatNumber(pageCount)}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="button button-ghost" rel="next">
          Trang sau
        </Link>
      ) : (
        <span className="button button-ghost" aria-disabled="true">
          Trang sau
        </span>
      )}
    </nav>
  );
}
