import { chapterPath } from '#common/paths.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { data, Link, useLocation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import type { ChapterHeading } from '#common/contracts/book.schema.ts';
import type { HistoryEntry } from '#common/contracts/history.schema.ts';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { SaveBookButton } from '#app/components/books/save-book-button.tsx';
import { BookSearchBox } from '#app/components/search/book-search-box.tsx';
import { readDeviceHistory } from '#app/lib/device-history.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';
import { withBudget } from '#app/lib/budget.server.ts';
import { SlowPart } from '#app/components/ui/slow-part.tsx';
import { ArrowRightIcon, ExternalIcon } from '#app/components/ui/icons.tsx';
import { formatNumber } from '#app/lib/format.ts';
import { DOWNLOAD_RECORD_PREFIX } from '#app/lib/offline-cache.ts';
import { useOfflineState } from '#app/components/offline/use-offline-state.ts';
import type { Route } from './+types/book';
import '#app/styles/library.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';
import { headTags } from '#app/lib/page-head.ts';
import { bookHead } from '#app/lib/structured-data.server.ts';

// The download's code arrives when the reader asks for it, or when the book is already downloaded
// (decision 0025): none of it is first-load JavaScript.
const OfflineDownload = lazy(() => import('#app/components/offline/offline-download.tsx'));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const book = await context.services.library.findBook(params.id);
  if (!book) throw data('Not Found', { status: 404 });
  const user = await getCurrentUser(request, context);
  // The reader's own parts are secondary: within their budget, or left out with a retry.
  const own = user
    ? await withBudget(
        context,
        Promise.all([context.services.favorites.isSaved(user.id, book.code), context.services.history.list(user.id)]),
      )
    : ({ ok: true, value: [false, []] } as const);
  const [saved, history] = own.ok ? own.value : [false, []];
  const origin = context.services.site.originFor(request.url);
  return {
    ...book,
    saved,
    loggedIn: user !== null,
    slow: !own.ok,
    lastPlace: history.find((h) => h.bookCode === book.code) ?? null,
    head: bookHead(book, origin),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  const { head } = loaderData;
  return [
    { title: `${loaderData.title} — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    ...headTags(head),
    ...(loaderData.author ? [{ property: 'book:author', content: loaderData.author }] : []),
  ];
}

function chapterLabel(chapter: ChapterHeading): string {
  return chapter.title ?? `Chương ${chapter.position}`;
}

/** Where this reader left the book: the account's history, or this browser's for anonymous readers. */
function useLastPlace(bookCode: string, fromServer: HistoryEntry | null, loggedIn: boolean): HistoryEntry | null {
  const [device, setDevice] = useState<HistoryEntry | null>(null);
  useEffect(() => {
    if (!loggedIn) setDevice(readDeviceHistory().find((h) => h.bookCode === bookCode) ?? null);
  }, [bookCode, loggedIn]);
  return loggedIn ? fromServer : device;
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function BookPage({ loaderData: book }: Route.ComponentProps) {
  const lastPlace = useLastPlace(book.code, book.lastPlace, book.loggedIn);
  const [offline, setOffline] = useOfflineState(DOWNLOAD_RECORD_PREFIX + encodeURIComponent(book.code));
  const location = useLocation();
  const loginPath = `/login?${new URLSearchParams({ redirectTo: location.pathname }).toString()}`;
  const credits = [
    { label: 'Tác giả', value: book.author },
    { label: 'Dịch giả', value: book.translator },
    { label: 'Biên soạn', value: book.compiler },
  ].filter((c): c is { label: string; value: string } => Boolean(c.value));
  const { license } = book;

  return (
    <article className="book-page page-width" aria-labelledby="book-title">
      {book.slow ? <SlowPart /> : null}
      <nav className="library-breadcrumb" aria-label="Đường dẫn">
        <ol>
          <li>
            <Link to="/">Trang chủ</Link>
          </li>
          <li>
            <Link to="/sach">Kinh sách</Link>
          </li>
          <li aria-current="page">
            <span>{book.title}</span>
          </li>
        </ol>
      </nav>

      <header className="book-hero">
        <div className="book-hero-cover">
          <BookCover
            code={book.code}
            title={book.title}
            subtitle={book.titleOriginal}
            coverImage={book.coverImage}
            sizes="(max-width: 640px) 60vw, 300px"
          />
        </div>
        <div className="book-hero-text">
          {book.category ? <p className="eyebrow">{book.category}</p> : null}
          <h1 id="book-title">{book.title}</h1>
          {book.titleOriginal ? (
            <p className="book-title-original" lang="zh-Hant">
              {book.titleOriginal}
            </p>
          ) : null}
          {book.titleSinoVietnamese ? (
            <p className="book-title-reading">
              <span>Hán-Việt:</span> {book.titleSinoVietnamese}
            </p>
          ) : null}
          {credits.length > 0 ? (
            <dl className="book-credits">
              {credits.map((c) => (
                <div key={c.label}>
                  <dt>{c.label}</dt>
                  <dd>{c.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {book.description ? <p className="book-description">{book.description}</p> : null}
          <div className="book-actions">
            {lastPlace ? (
              <Link
                to={`${chapterPath(lastPlace.chapterCode, book.code)}${lastPlace.paragraph ? `#${lastPlace.paragraph}` : ''}`}
                className="button button-primary book-continue"
                data-testid="continue-reading"
              >
                <span className="book-continue-text">
                  <span>Đọc tiếp:</span>{' '}
                  <span className="book-continue-chapter">
                    {lastPlace.chapterTitle ?? `Chương ${lastPlace.chapterPosition}`}
                  </span>
                </span>
                <ArrowRightIcon size={16} />
              </Link>
            ) : null}
            {book.firstChapterCode ? (
              <Link
                to={chapterPath(book.firstChapterCode, book.code)}
                className={lastPlace ? 'button button-ghost' : 'button button-primary'}
              >
                Đọc từ đầu <ArrowRightIcon size={16} />
              </Link>
            ) : null}
            <SaveBookButton bookCode={book.code} saved={book.saved} loggedIn={book.loggedIn} loginPath={loginPath} />
            {book.chapterCount > 0 ? (
              // A file made by the server (server/feeds/feed.routes.ts): a plain link, no script.
              <a href={`/sach/${encodeURIComponent(book.code)}.epub`} className="button button-ghost" download>
                Tải EPUB
              </a>
            ) : null}
            <span className="book-chapter-count">{formatNumber(book.chapterCount)} chương</span>
          </div>
          {offline === 'none' || book.chapterCount === 0 ? null : offline === 'button' ? (
            <div className="offline-download">
              <button type="button" className="button button-ghost" onClick={() => setOffline('asked')}>
                Tải để đọc ngoại tuyến
              </button>
            </div>
          ) : (
            <Suspense fallback={null}>
              <OfflineDownload key={book.code} bookCode={book.code} askNow={offline === 'asked'} />
            </Suspense>
          )}
        </div>
      </header>

      {book.toc.length > 0 ? <BookSearchBox key={book.code} bookCode={book.code} /> : null}

      {book.toc.length > 0 ? (
        <section className="book-toc" aria-labelledby="book-toc-title">
          <header className="section-header">
            <h2 id="book-toc-title">Mục lục</h2>
          </header>
          <ol className={book.toc.length > 8 ? 'book-toc-list book-toc-columns' : 'book-toc-list'}>
            {book.toc.map((chapter) => (
              <li key={chapter.code}>
                <Link to={chapterPath(chapter.code, book.code)} className="book-toc-item">
                  <span className="book-toc-number">{chapter.position}</span>
                  <span className="book-toc-title">{chapterLabel(chapter)}</span>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <aside className="book-license" aria-label="Bản quyền">
        <h2>Bản quyền và nguồn</h2>
        <p>
          Phát hành theo giấy phép{' '}
          {license.url ? (
            <a href={license.url} target="_blank" rel="noopener noreferrer">
              {license.name}
              <ExternalIcon size={13} />
            </a>
          ) : (
            // An imported book with no licence named: "with the permission of the rights holder".
            license.name
          )}
          .{license.attribution ? ` ${license.attribution}` : ''}
        </p>
        {license.sourceUrl ? (
          <p>
            <a href={license.sourceUrl} target="_blank" rel="noopener noreferrer">
              Xem văn bản nguồn
              <ExternalIcon size={13} />
            </a>
          </p>
        ) : null}
      </aside>
    </article>
  );
}
