import { Pagination } from '#app/components/ui/pagination.tsx';
import { talkPath } from '#common/paths.ts';
import { Form, Link, redirect } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import {
  defaultLibraryPageSize,
  type LibraryBookItem,
  type LibraryKind,
  type LibrarySearchQuery,
  type LibraryTalkItem,
  ZLibrarySearchQuerySchema,
} from '#common/contracts/library.schema.ts';
import { AddToPlaylist } from '#app/components/audio/add-to-playlist.tsx';
import { BookCover } from '#app/components/books/book-cover.tsx';
import { getCurrentUser } from '#app/lib/session.server.ts';
import { ArrowRightIcon, HeadphonesIcon, PlusIcon, SearchIcon } from '#app/components/ui/icons.tsx';
import { formatDate, formatDuration, formatNumber } from '#app/lib/format.ts';
import { dayMonthYearToIso, isoToDayMonthYear } from '#app/lib/day-month-year.ts';
import type { Route } from './+types/library';
import '#app/styles/library.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';
import { headTags } from '#app/lib/page-head.ts';
import { plainHead } from '#app/lib/structured-data.server.ts';

const FILTER_KEYS = ['tim', 'ngay', 'phut'] as const;

/**
 * The address's parameters as the library reads them. A parameter that does not parse (page=abc,
 * size=500) is dropped, so a hand-edited address still shows the library rather than an error.
 */
function readQuery(url: URL): LibrarySearchQuery {
  const raw: Record<string, string> = {};
  for (const key of ['loai', 'page', 'size', 'ten', ...FILTER_KEYS]) {
    const value = url.searchParams.get(key);
    // The form sends dd/mm/yyyy; older addresses (and the API) say yyyy-mm-dd.
    if (value !== null) raw[key] = key === 'ngay' ? dayMonthYearToIso(value) : value;
  }
  const parsed = ZLibrarySearchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return ZLibrarySearchQuerySchema.parse(raw);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url));
  // One name field (decision 0020): an address of before with the name field (ten=) moves to it.
  if (new URL(request.url).searchParams.has('ten')) {
    const tim = [query.tim, query.ten].filter(Boolean).join(' ') || undefined;
    throw redirect(libraryHref({ ...query, ten: undefined }, { tim }), 301);
  }
  // Durations only filter talks: a book search ignores them.
  const effective = query.loai === 'book' ? { ...query, phut: undefined } : query;
  const result = await context.services.library.search(effective);
  // Logged-in readers can add any talk of the list to one of their playlists.
  const user = effective.loai === 'phap-am' ? await getCurrentUser(request, context) : null;
  const playlists = user
    ? (await context.services.playlists.list(user.id)).map((p) => ({ id: p.id, name: p.name }))
    : null;
  const talks = effective.loai === 'phap-am';
  // Filtered and paged addresses show parts of one library: its canonical address is the whole.
  const head = plainHead(context.services.site.originFor(request.url), talks ? '/thu-vien?loai=phap-am' : '/thu-vien', {
    title: `${talks ? 'Pháp âm' : 'Kinh sách'} — Thư viện`,
    description: talks ? TALKS_DESCRIPTION : BOOKS_DESCRIPTION,
  });
  return { query: effective, result, playlists, head };
}

const TALKS_DESCRIPTION = 'Thư viện pháp âm: lọc theo tên bài, ngày giảng và thời lượng.';
const BOOKS_DESCRIPTION =
  'Thư viện kinh sách tiếng Việt: lọc theo tên sách, tác giả và ngày xuất bản, tìm được cả khi gõ không dấu.';

export function meta({ loaderData }: Route.MetaArgs) {
  const kind = loaderData?.query.loai ?? 'book';
  const title = kind === 'phap-am' ? 'Pháp âm' : 'Kinh sách';
  return [
    { title: `${title} — Thư viện — ${SITE_NAME}` },
    { name: 'description', content: kind === 'phap-am' ? TALKS_DESCRIPTION : BOOKS_DESCRIPTION },
    ...(loaderData ? headTags(loaderData.head) : []),
  ];
}

/** The address of the library with these parameters (empty ones left out). */
function libraryHref(query: LibrarySearchQuery, changes: Partial<LibrarySearchQuery>): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams({ loai: next.loai });
  params.set('page', String(next.page));
  params.set('size', String(next.size ?? defaultLibraryPageSize(next.loai)));
  for (const key of FILTER_KEYS) {
    const value = next[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/thu-vien?${params.toString()}`;
}

const KIND_LABELS: Record<LibraryKind, string> = { book: 'Sách', 'phap-am': 'Pháp âm' };

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function LibraryPage({ loaderData }: Route.ComponentProps) {
  const { query, result, playlists } = loaderData;
  const kind = query.loai;
  const perPage = result.perPage;
  const pageCount = Math.max(1, Math.ceil(result.total / perPage));
  const filtered = FILTER_KEYS.some((key) => query[key] !== undefined);
  const books = result.items.filter((i): i is LibraryBookItem => i.kind === 'book');
  const talks = result.items.filter((i): i is LibraryTalkItem => i.kind === 'phap-am');
  const unit = kind === 'phap-am' ? 'bài pháp âm' : 'cuốn sách';

  return (
    <div className="library page-width">
      <header className="library-header">
        <p className="eyebrow">Thư viện</p>
        <h1>{kind === 'phap-am' ? 'Pháp âm' : 'Kinh sách'}</h1>
        <p className="library-lead">
          {kind === 'phap-am'
            ? 'Những bài giảng để nghe lại: lọc theo tên bài, ngày giảng và thời lượng.'
            : 'Kinh sách đọc theo từng chương. Gõ có dấu hay không dấu đều tìm được.'}
        </p>
      </header>

      <nav className="library-tabs" aria-label="Loại nội dung">
        {(['book', 'phap-am'] as const).map((k) => (
          <Link
            key={k}
            to={libraryHref({ loai: k, page: 1 }, {})}
            className="library-tab"
            aria-current={k === kind ? 'page' : undefined}
          >
            {k === 'phap-am' ? <HeadphonesIcon size={18} /> : null}
            {KIND_LABELS[k]}
          </Link>
        ))}
      </nav>

      {/* On a phone the filters wait behind "Lọc" so the books come first; open on wider
          screens (library.css), and open wherever a filter is in use. */}
      <details className="library-filter-box" open={filtered || undefined}>
        <summary className="button button-ghost library-filter-toggle">
          Lọc{filtered ? ` (${FILTER_KEYS.filter((key) => query[key] !== undefined).length})` : ''}
        </summary>
        <Form method="get" action="/thu-vien" className="library-filters" role="search" aria-label="Lọc thư viện">
          <input type="hidden" name="loai" value={kind} />
          <input type="hidden" name="page" value="1" />
          <input type="hidden" name="size" value={perPage} />
          <div className="library-field library-field-wide">
            <label htmlFor="lib-tim">{kind === 'phap-am' ? 'Tên bài, người giảng' : 'Tên sách, tác giả'}</label>
            <span className="library-input-icon">
              <SearchIcon size={18} />
              <input
                id="lib-tim"
                name="tim"
                type="search"
                defaultValue={query.tim ?? ''}
                placeholder={kind === 'phap-am' ? 'Ví dụ: vo thuong' : 'Ví dụ: kim cang'}
                aria-describedby="lib-tim-hint"
                maxLength={200}
              />
            </span>
            <small id="lib-tim-hint" className="library-field-hint">
              Có dấu hay không dấu đều được; tìm cả trong{' '}
              {kind === 'phap-am' ? 'lời giới thiệu' : 'tác giả, dịch giả, mô tả'}.
            </small>
          </div>
          <div className="library-field library-field-date">
            <label htmlFor="lib-ngay">{kind === 'phap-am' ? 'Giảng từ ngày' : 'Đăng từ ngày'}</label>
            <input
              id="lib-ngay"
              name="ngay"
              type="text"
              inputMode="numeric"
              pattern="\s*\d{1,2}/\d{1,2}/\d{4}\s*"
              title="Ngày/tháng/năm, ví dụ 24/11/2026"
              placeholder="ngày/tháng/năm"
              aria-describedby="lib-ngay-hint"
              defaultValue={query.ngay ? isoToDayMonthYear(query.ngay) : ''}
            />
            <small id="lib-ngay-hint" className="library-field-hint">
              Ví dụ: 24/11/2026
            </small>
          </div>
          {kind === 'phap-am' ? (
            <div className="library-field library-field-minutes">
              <label htmlFor="lib-phut">Dài tối đa (phút)</label>
              <input
                id="lib-phut"
                name="phut"
                type="number"
                inputMode="numeric"
                min={1}
                defaultValue={query.phut ?? ''}
                placeholder="Ví dụ: 30"
                aria-describedby="lib-phut-hint"
              />
              <small id="lib-phut-hint" className="library-field-hint">
                Bỏ trống: mọi độ dài.
              </small>
            </div>
          ) : null}
          <div className="library-actions">
            <button type="submit" className="button button-primary">
              Áp dụng
            </button>
            {filtered ? (
              <Link to={libraryHref({ loai: kind, page: 1, size: query.size }, {})} className="button button-ghost">
                Xoá bộ lọc
              </Link>
            ) : null}
          </div>
        </Form>
      </details>

      {/* With no result at all the empty state below says it: no count above it. */}
      <p className="library-count" aria-live="polite" data-testid="library-count">
        {result.total === 0
          ? ''
          : filtered
            ? `Tìm thấy ${formatNumber(result.total)} ${unit}`
            : `${formatNumber(result.total)} ${unit}`}
      </p>

      {result.items.length === 0 ? (
        <EmptyState kind={kind} filtered={filtered} beyondEnd={result.total > 0} query={query} />
      ) : kind === 'phap-am' ? (
        <ul className="library-talks">
          {talks.map((talk) => (
            <li key={talk.id}>
              <Link to={talkPath(talk.collectionId, talk.id)} className="library-talk">
                <span className="library-talk-icon">
                  <HeadphonesIcon size={20} />
                </span>
                <span className="library-talk-body">
                  <span className="library-talk-title">{talk.title}</span>
                  <span className="library-talk-meta">
                    {[talk.speaker, talk.collectionTitle, talk.recordedOn ? formatDate(talk.recordedOn) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className="library-talk-duration">{formatDuration(talk.durationSeconds)}</span>
              </Link>
              {playlists ? (
                <details className="library-talk-add">
                  <summary aria-label={`Thêm “${talk.title}” vào danh sách phát`} title="Thêm vào danh sách phát">
                    <PlusIcon size={18} />
                  </summary>
                  <div className="library-talk-add-panel">
                    <AddToPlaylist talkId={talk.id} playlists={playlists} />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="book-grid library-books">
          {books.map((book) => (
            <li key={book.code}>
              <Link to={`/sach/${book.code}`} className="book-card">
                <BookCover
                  code={book.code}
                  title={book.title}
                  subtitle={book.titleOriginal}
                  coverImage={book.coverImage}
                />
                <span className="book-card-title">{book.title}</span>
                {book.author ? <span className="book-card-meta library-book-author">{book.author}</span> : null}
                <span className="book-card-meta">{formatNumber(book.chapterCount)} chương</span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      {result.total > perPage || query.page > 1 ? (
        <Pagination page={query.page} pageCount={pageCount} hrefFor={(page) => libraryHref(query, { page })} />
      ) : null}
    </div>
  );
}

function EmptyState({
  kind,
  filtered,
  beyondEnd,
  query,
}: {
  kind: LibraryKind;
  filtered: boolean;
  beyondEnd: boolean;
  query: LibrarySearchQuery;
}) {
  let message: string;
  if (beyondEnd) message = 'Trang này không có kết quả.';
  else if (kind === 'phap-am')
    message = filtered ? 'Không tìm thấy bài pháp âm phù hợp.' : 'Chưa có bài pháp âm nào trong thư viện.';
  else message = filtered ? 'Không tìm thấy sách phù hợp.' : 'Chưa có cuốn sách nào trong thư viện.';
  return (
    <div className="library-empty" data-testid="library-empty">
      <span className="library-empty-icon" aria-hidden="true">
        {kind === 'phap-am' ? <HeadphonesIcon size={30} /> : <SearchIcon size={30} />}
      </span>
      <p className="library-empty-title">{message}</p>
      {beyondEnd ? (
        <Link to={libraryHref(query, { page: 1 })} className="button button-ghost">
          Về trang 1
        </Link>
      ) : filtered ? (
        <>
          <p className="library-empty-hint">Thử bỏ bớt bộ lọc, hoặc gõ ít chữ hơn — có dấu hay không dấu đều được.</p>
          <Link to={libraryHref({ loai: kind, page: 1, size: query.size }, {})} className="button button-ghost">
            Xoá bộ lọc
          </Link>
        </>
      ) : kind === 'phap-am' ? (
        <>
          <p className="library-empty-hint">Các bài giảng sẽ được đưa lên dần. Trong lúc chờ, mời bạn đọc kinh sách.</p>
          <Link to={libraryHref({ loai: 'book', page: 1 }, {})} className="button button-ghost">
            Xem kinh sách <ArrowRightIcon size={16} />
          </Link>
        </>
      ) : null}
    </div>
  );
}
