import { Link } from 'react-router';
import type { ArticleCard as ArticleCardData } from '#common/contracts/article.schema.ts';
import { articlePath } from '#common/paths.ts';
import { formatDate } from '#app/lib/format.ts';

/** An article in a list: category, title, summary, date and reading time. */
export function ArticleCard({ article, showCategory = true }: { article: ArticleCardData; showCategory?: boolean }) {
  return (
    <Link to={articlePath(article.slug)} className="article-card">
      {showCategory && article.category ? <span className="article-card-category">{article.category.name}</span> : null}
      <span className="article-card-title">{article.title}</span>
      {article.summary ? <span className="article-card-summary">{article.summary}</span> : null}
      <span className="article-card-date">
        <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> · {article.readingMinutes} phút
        đọc
      </span>
    </Link>
  );
}

/** A grid of article cards, or a calm note when there is none. */
export function ArticleList({
  articles,
  showCategory = true,
  empty = 'Chưa có bài viết nào.',
}: {
  articles: ArticleCardData[];
  showCategory?: boolean;
  empty?: string;
}) {
  if (articles.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="article-grid news-grid">
      {articles.map((article) => (
        <li key={article.slug}>
          <ArticleCard article={article} showCategory={showCategory} />
        </li>
      ))}
    </ul>
  );
}
