import { talkPath } from '#common/paths.ts';
import { Link } from 'react-router';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from '#common/constants.ts';
import { keywordLabel, searchUrlForKeyword } from '#common/contracts/keyword.values.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { FeaturedPassage } from '#app/components/home/featured-passage.tsx';
import { HomeSearchBox } from '#app/components/home/search-box.tsx';
import { ContinueListening } from '#app/components/audio/continue-listening.tsx';
import { ContinueReading } from '#app/components/books/continue-reading.tsx';
import { ArrowRightIcon, HeadphonesIcon, LotusIcon } from '#app/components/ui/icons.tsx';
import { formatDate, formatDuration, formatNumber } from '#app/lib/format.ts';
import { SlowPart } from '#app/components/ui/slow-part.tsx';
import { HydrateLater } from '#app/components/ui/hydrate-later.tsx';
import { withBudget } from '#app/lib/budget.server.ts';
import { cacheableHomeHeaders } from '#app/lib/page-cache-headers.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/home';
import { headTags } from '#app/lib/page-head.ts';
import { plainHead } from '#app/lib/structured-data.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  const { home, site, audio, history } = context.services;
  // Every section has its own time budget: a slow one is left out, the page still answers.
  const [suggestions, newestBooks, newestTalks, newestArticles, featuredPassage, counts, lastListened, lastRead] =
    await Promise.all([
      withBudget(context, home.pickKeywordSuggestions()),
      withBudget(context, home.listNewestBooks()),
      withBudget(context, home.listNewestTalks()),
      withBudget(context, home.listNewestArticles()),
      withBudget(context, home.pickFeaturedPassage()),
      withBudget(context, site.countContent()),
      user ? withBudget(context, audio.lastListened(user.id)) : null,
      user ? withBudget(context, history.lastRead(user.id)) : null,
    ]);
  const part = <T,>(b: { ok: true; value: T } | { ok: false }): T | null => (b.ok ? b.value : null);
  return {
    suggestions: part(suggestions),
    home: {
      newestBooks: part(newestBooks),
      newestTalks: part(newestTalks),
      newestArticles: part(newestArticles),
      featuredPassage: featuredPassage.ok ? featuredPassage.value : undefined,
      counts: part(counts),
    },
    lastListened: lastListened?.ok ? lastListened.value : null,
    lastRead: lastRead?.ok ? lastRead.value : null,
    head: plainHead(site.originFor(request.url), '/', {
      title: `${SITE_NAME} — ${SITE_TAGLINE}`,
      description: SITE_DESCRIPTION,
      card: 'summary_large_image',
    }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${SITE_NAME} — ${SITE_TAGLINE}` },
    { name: 'description', content: SITE_DESCRIPTION },
    ...(loaderData ? headTags(loaderData.head) : []),
  ];
}

// Suggestions and the passage are drawn at random: a draw is kept 30 s (app/lib/page-cache-headers.ts).
export const headers = cacheableHomeHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { suggestions, home } = loaderData;
  const { counts } = home;
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-art" aria-hidden="true">
          <LotusIcon size={320} />
        </div>
        <div className="hero-inner">
          <p className="eyebrow">{SITE_TAGLINE}</p>
          <h1 id="hero-title" className="hero-title">
            Đọc, nghe và tìm lại <em>lời Phật dạy</em>
          </h1>
          <p className="hero-lead">
            Kinh sách đọc theo từng chương, pháp âm, video và bài viết — tìm được cả khi bạn gõ không dấu.
          </p>
          <HomeSearchBox />
          {/* A returning reader finds first, under the search, where they were reading, then listening. */}
          <ContinueReading account={loaderData.lastRead} />
          <ContinueListening account={loaderData.lastListened} />
          <div className="suggestions">
            <p className="suggestions-label" id="suggestions-label">
              Gợi ý tìm kiếm
            </p>
            {suggestions ? (
              <ul className="suggestion-list" aria-labelledby="suggestions-label" data-testid="keyword-suggestions">
                {suggestions.map((entry) => (
                  <li key={keywordLabel(entry)}>
                    <Link to={searchUrlForKeyword(entry)} className="chip">
                      {keywordLabel(entry)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <SlowPart />
            )}
          </div>
          {counts ? (
            <dl className="hero-stats">
              <div>
                <dt>Kinh sách</dt>
                <dd>{formatNumber(counts.books)}</dd>
              </div>
              <div>
                <dt>Pháp âm</dt>
                <dd>{formatNumber(counts.talks)}</dd>
              </div>
              <div>
                <dt>Bài viết</dt>
                <dd>{formatNumber(counts.articles)}</dd>
              </div>
            </dl>
          ) : null}
        </div>
      </section>

      {home.featuredPassage ? (
        <HydrateLater>
          <FeaturedPassage passage={home.featuredPassage} />
        </HydrateLater>
      ) : home.featuredPassage === undefined ? (
        <SlowPart className="page-width" />
      ) : null}

      {home.newestBooks === null ? (
        <SlowPart className="page-width" />
      ) : home.newestBooks.length > 0 ? (
        <HydrateLater>
          <section className="home-section page-width" aria-labelledby="new-books">
            <header className="section-header">
              <h2 id="new-books">Kinh sách</h2>
              <Link to="/thu-vien?loai=book&size=50&page=1" className="section-more">
                Cả thư viện <ArrowRightIcon size={16} />
              </Link>
            </header>
            <ul className="book-grid">
              {home.newestBooks.map((book) => (
                <li key={book.code}>
                  <Link
                    to={book.firstChapterCode ? `/${book.firstChapterCode}/${book.code}` : `/sach/${book.code}`}
                    className="book-card"
                  >
                    <BookCover
                      code={book.code}
                      title={book.title}
                      subtitle={book.titleOriginal}
                      coverImage={book.coverImage}
                    />
                    <span className="book-card-title">{book.title}</span>
                    <span className="book-card-meta">{book.chapterCount} chương</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </HydrateLater>
      ) : null}

      {home.newestTalks === null ? (
        <SlowPart className="page-width" />
      ) : home.newestTalks.length > 0 ? (
        <HydrateLater>
          <section className="home-section page-width" aria-labelledby="new-talks">
            <header className="section-header">
              <h2 id="new-talks">Pháp âm mới</h2>
            </header>
            <ul className="talk-list">
              {home.newestTalks.map((talk) => (
                <li key={talk.id}>
                  <Link to={talkPath(talk.collectionId, talk.id)} className="talk-row">
                    <HeadphonesIcon size={20} />
                    <span className="talk-body">
                      <span className="talk-title">{talk.title}</span>
                      <span className="talk-meta">
                        {talk.speaker ? `${talk.speaker} · ` : ''}
                        {formatDuration(talk.durationSeconds)}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </HydrateLater>
      ) : null}

      {home.newestArticles === null ? (
        <SlowPart className="page-width" />
      ) : home.newestArticles.length > 0 ? (
        <HydrateLater>
          <section className="home-section page-width" aria-labelledby="new-articles">
            <header className="section-header">
              <h2 id="new-articles">Bài viết</h2>
              <Link to="/tin-tuc" className="section-more">
                Tất cả bài viết <ArrowRightIcon size={16} />
              </Link>
            </header>
            <ul className="article-grid">
              {home.newestArticles.map((article) => (
                <li key={article.slug}>
                  <Link to={`/tin-tuc/${article.slug}`} className="article-card">
                    {article.categoryName ? (
                      <span className="article-card-category">{article.categoryName}</span>
                    ) : null}
                    <span className="article-card-title">{article.title}</span>
                    {article.summary ? <span className="article-card-summary">{article.summary}</span> : null}
                    <span className="article-card-date">{formatDate(article.publishedAt)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </HydrateLater>
      ) : null}

      <HydrateLater>
        <section className="home-guide page-width">
          <div>
            <h2>Lần đầu đến với {SITE_NAME}?</h2>
            <p>
              Xem cách tìm một câu kinh khi chỉ nhớ vài chữ, đọc sách theo từng chương với cỡ chữ vừa mắt, và lưu những
              đoạn bạn muốn đọc lại.
            </p>
          </div>
          <Link to="/bai-viet/huong-dan" className="button button-ghost">
            Hướng dẫn sử dụng
          </Link>
        </section>
      </HydrateLater>
    </div>
  );
}
