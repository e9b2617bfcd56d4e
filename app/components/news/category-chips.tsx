import { Link } from 'react-router';
import type { ArticleCategory } from '#common/contracts/article.schema.ts';
import { newsCategoryPath, newsPath } from '#common/paths.ts';
import { formatNumber } from '#app/lib/format.ts';

/** The news categories as chips; the current one is marked (none: all news). */
export function CategoryChips({ categories, current }: { categories: ArticleCategory[]; current: string | null }) {
  return (
    <nav className="news-categories" aria-label="Chuyên mục">
      <Link to={newsPath()} className="chip" aria-current={current === null ? 'page' : undefined}>
        Tất cả
      </Link>
      {categories.map((category) => (
        <Link
          key={category.slug}
          to={newsCategoryPath(category.slug)}
          className="chip"
          aria-current={current === category.slug ? 'page' : undefined}
        >
          {category.name}
          <span className="news-chip-count">{formatNumber(category.articleCount)}</span>
        </Link>
      ))}
    </nav>
  );
}
