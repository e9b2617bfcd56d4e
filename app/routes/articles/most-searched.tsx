import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { searchUrl } from '#common/contracts/search.values.ts';
import { formatNumber } from '#app/lib/format.ts';
import type { Route } from './+types/most-searched';

const SHOWN = 30;

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await context.services.search.popularQueries(SHOWN);
  return { queries: rows.map((r) => ({ query: r.query, count: r.count, url: searchUrl({ query: r.query }) })) };
}

export function meta() {
  return [
    { title: `Tìm kiếm nhiều — ${SITE_NAME}` },
    { name: 'description', content: 'Những điều bạn đọc tìm nhiều nhất trong thư viện Pháp Bảo.' },
  ];
}

export default function MostSearchedPage({ loaderData }: Route.ComponentProps) {
  const { queries } = loaderData;
  return (
    <article className="search-page page-width">
      <header className="search-header">
        <p className="eyebrow">Thư viện</p>
        <h1>Tìm kiếm nhiều</h1>
        <p className="library-lead">
          Những điều bạn đọc tìm nhiều nhất. Chỉ đếm số lần mỗi từ khoá được tìm — không ghi lại ai đã tìm.
        </p>
      </header>
      {queries.length === 0 ? (
        <div className="search-empty">
          <p>Chưa có từ khoá nào được tìm đủ nhiều để hiện ở đây.</p>
          <Link to="/search" className="button button-primary">
            Bắt đầu tìm
          </Link>
        </div>
      ) : (
        <ol className="popular-queries" data-testid="popular-queries">
          {queries.map((q, i) => (
            <li key={q.query}>
              <Link to={q.url} className="popular-query">
                <span className="popular-query-rank">{i + 1}</span>
                <span className="popular-query-text">{q.query}</span>
                <span className="popular-query-count">{formatNumber(q.count)} lần</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
