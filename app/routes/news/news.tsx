import { data, Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, SITE_NAME } from '#common/constants.ts';
import { NEWS_FEED_PATH, newsCategoryPath, newsPath } from '#common/paths.ts';
import { ArticleList } from '#app/components/news/article-card.tsx';
import { CategoryChips } from '#app/components/news/category-chips.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { formatLongDate } from '#app/lib/format.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/news';
import '#app/styles/news.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';
import { headTags } from '#app/lib/page-head.ts';
import { articleHead } from '#app/lib/structured-data.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const origin = context.services.site.originFor(request.url);
  if (params.id === undefined) {
    const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
    const [list, categories] = await Promise.all([
      context.services.articles.listArticles(page, DEFAULT_PAGE_SIZE),
      context.services.articles.listCategories(),
    ]);
    return { kind: 'list' as const, list, categories, feedUrl: `${origin}${NEWS_FEED_PATH}` };
  }
  const article = await context.services.articles.findArticle(params.id);
  if (!article) throw data('Not Found', { status: 404 });
  return { kind: 'article' as const, article, head: articleHead(article, origin) };
}

const RSS_LINK = {
  tagName: 'link',
  rel: 'alternate',
  type: 'application/rss+xml',
  title: `Tin tức — ${SITE_NAME}`,
  href: NEWS_FEED_PATH,
} as const;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  if (loaderData.kind === 'list') {
    const page = loaderData.list.page;
    return [
      { title: `Tin tức${page > 1 ? ` — trang ${page}` : ''} — ${SITE_NAME}` },
      {
        name: 'description',
        content: `Tin tức và bài viết của ${SITE_NAME}: giáo lý, nhân vật, chùa chiền và lễ hội.`,
      },
      RSS_LINK,
    ];
  }
  const { article, head } = loaderData;
  return [
    { title: `${article.title} — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    RSS_LINK,
    ...headTags(head),
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:modified_time', content: article.updatedAt },
    ...(article.category ? [{ property: 'article:section', content: article.category.name }] : []),
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'list' ? <NewsFeed data={loaderData} /> : <ArticlePage data={loaderData} />;
}

type FeedData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>;
type ArticleData = Extract<Route.ComponentProps['loaderData'], { kind: 'article' }>;

function NewsFeed({ data: { list, categories } }: { data: FeedData }) {
  const pageCount = Math.max(1, Math.ceil(list.total / list.perPage));
  return (
    <div className="news-page page-width">
      <header className="news-header">
        <p className="eyebrow">Tin tức và bài viết</p>
        <h1>Tin tức</h1>
        <p className="news-lead">
          Bài viết về giáo lý, chư Phật và Bồ Tát, những ngôi chùa và các mùa lễ hội — mới nhất ở trên cùng.
        </p>
        <a href={NEWS_FEED_PATH} className="news-rss" type="application/rss+xml">
          Theo dõi qua RSS
        </a>
      </header>
      <CategoryChips categories={categories} current={null} />
      <ArticleList articles={list.items} />
      {pageCount > 1 ? <Pagination page={list.page} pageCount={pageCount} hrefFor={(p) => newsPath(p)} /> : null}
    </div>
  );
}

/** "CC-BY-SA-3.0" → "CC BY-SA 3.0" (the short name readers know); other licences by their name. */
function licenseLabel(spdx: string, name: string): string {
  return /^CC-/i.test(spdx) ? spdx.replace(/^CC-/i, 'CC ').replace(/-(\d)/, ' $1') : name;
}

/** "CC BY-SA" licences ask that adaptations keep the same licence: say so beside the credit. */
function isShareAlike(spdx: string): boolean {
  return /^CC-BY-SA/i.test(spdx);
}

function ArticlePage({ data: { article } }: { data: ArticleData }) {
  return (
    <div className="news-article-page">
      <article className="news-article page-narrow" aria-labelledby="article-title">
        <nav className="news-breadcrumb" aria-label="Đường dẫn">
          <Link to={newsPath()}>Tin tức</Link>
          {article.category ? (
            <>
              <span aria-hidden="true"> › </span>
              <Link to={newsCategoryPath(article.category.slug)}>{article.category.name}</Link>
            </>
          ) : null}
        </nav>
        <header className="news-article-header">
          {article.category ? (
            <Link to={newsCategoryPath(article.category.slug)} className="eyebrow news-article-category">
              {article.category.name}
            </Link>
          ) : null}
          <h1 id="article-title">{article.title}</h1>
          <p className="news-article-meta">
            <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
            <span aria-hidden="true"> · </span>
            <span>{article.readingMinutes} phút đọc</span>
            {article.author ? (
              <>
                <span aria-hidden="true"> · </span>
                <span>{article.author}</span>
              </>
            ) : null}
          </p>
        </header>
        {article.coverImage ? (
          <img className="news-article-cover" src={article.coverImage} alt="" width={1200} height={630} />
        ) : null}
        {/* Sanitised on the server (allow-list; paragraphs numbered p-N for search hits). */}
        <div className="news-article-body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
        {article.license || article.sourceUrl ? (
          <footer className="news-attribution" aria-labelledby="attribution-title">
            <h2 id="attribution-title">Nguồn và giấy phép</h2>
            <dl className="news-attribution-list">
              {article.author ? (
                <div>
                  <dt>Tác giả</dt>
                  <dd>{article.author}</dd>
                </div>
              ) : null}
              {article.sourceUrl ? (
                <div>
                  <dt>Nguồn</dt>
                  <dd>
                    <a href={article.sourceUrl} rel="noopener noreferrer" target="_blank">
                      Bản gốc của bài “{article.title}”
                    </a>
                  </dd>
                </div>
              ) : null}
              {article.license ? (
                <div>
                  <dt>Giấy phép</dt>
                  <dd>
                    <a
                      href={article.license.url}
                      rel="license noopener noreferrer"
                      target="_blank"
                      title={article.license.name}
                    >
                      {licenseLabel(article.license.spdx, article.license.name)}
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
            {article.license && isShareAlike(article.license.spdx) ? (
              <p>
                Bạn được tự do chia sẻ và phỏng theo bài này, miễn là ghi rõ nguồn như trên và phát hành bản phỏng theo
                với cùng giấy phép.
              </p>
            ) : null}
          </footer>
        ) : null}
      </article>
      {article.related.length > 0 ? (
        <section className="news-related page-width" aria-labelledby="related-title">
          <div className="section-header">
            <h2 id="related-title">Cùng chuyên mục{article.category ? ` “${article.category.name}”` : ''}</h2>
            {article.category ? (
              <Link to={newsCategoryPath(article.category.slug)} className="section-more">
                Xem tất cả
              </Link>
            ) : null}
          </div>
          <ArticleList articles={article.related} showCategory={false} />
        </section>
      ) : null}
    </div>
  );
}
