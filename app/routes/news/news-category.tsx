import { data, Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, SITE_NAME } from '#common/constants.ts';
import { NEWS_FEED_PATH, newsCategoryPath, newsPath } from '#common/paths.ts';
import { ArticleList } from '#app/components/news/article-card.tsx';
import { CategoryChips } from '#app/components/news/category-chips.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { formatNumber } from '#app/lib/format.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/news-category';
import '#app/styles/news.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
  const [found, categories] = await Promise.all([
    context.services.articles.findCategoryPage(params.slug, page, DEFAULT_PAGE_SIZE),
    context.services.articles.listCategories(),
  ]);
  if (!found) throw data('Not Found', { status: 404 });
  return { ...found, categories };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  const { category, page } = loaderData;
  return [
    { title: `${category.name}${page > 1 ? ` — trang ${page}` : ''} — Tin tức — ${SITE_NAME}` },
    { name: 'description', content: category.description ?? `Các bài viết trong chuyên mục ${category.name}.` },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `Tin tức — ${SITE_NAME}`,
      href: NEWS_FEED_PATH,
    },
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function NewsCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, items, total, page, perPage, categories } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="news-page page-width">
      <header className="news-header">
        <nav className="news-breadcrumb" aria-label="Đường dẫn">
          <Link to={newsPath()}>Tin tức</Link>
          <span aria-hidden="true"> › </span>
          <span>Chuyên mục</span>
        </nav>
        <h1>{category.name}</h1>
        {category.description ? <p className="news-lead">{category.description}</p> : null}
        <p className="news-count">{formatNumber(total)} bài viết</p>
      </header>
      <CategoryChips categories={categories} current={category.slug} />
      <ArticleList articles={items} showCategory={false} empty="Chuyên mục này chưa có bài viết nào." />
      {pageCount > 1 ? (
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => newsCategoryPath(category.slug, p)} />
      ) : null}
    </div>
  );
}
