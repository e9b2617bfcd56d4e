import { Pagination } from '#app/components/ui/pagination.tsx';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import {
  type SearchResult,
  ZSearchCollectionInputSchema,
  ZSearchRequestSchema,
} from '#common/contracts/search.schema.ts';
import {
  SEARCH_MODE_LABELS,
  SEARCH_MODES,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  searchUrl,
  type SearchMode,
  type SearchType,
} from '#common/contracts/search.values.ts';
import { SearchResultCard } from '#app/components/search/search-result-card.tsx';
import { SuggestInput } from '#app/components/search/suggest-input.tsx';
import { SearchIcon } from '#app/components/ui/icons.tsx';
import { HydrateLater } from '#app/components/ui/hydrate-later.tsx';
import { formatNumber } from '#app/lib/format.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { getCurrentUser, requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/search';

interface PageQuery {
  query: string;
  mode: SearchMode;
  type: SearchType;
  conditions: string[];
  page: number;
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The address's parameters; unknown values fall back to the defaults (a hand-edited address still works). */
function readQuery(url: URL): PageQuery {
  const p = url.searchParams;
  const page = Number(p.get('page') ?? '1');
  return {
    query: p.get('query') ?? '',
    mode: pick(p.get('mode'), SEARCH_MODES, 'strict'),
    type: pick(p.get('type'), SEARCH_TYPES, 'all'),
    conditions: (p.get('conditions') ?? '')
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean)
      .slice(0, 5),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/**
 * A type's count as the reader reads it: "hơn 1.000" when the server stopped counting there (a
 * search of several words counts up to a limit), else the number.
 */
function countText(result: SearchResult, type: SearchType, count = result.countsByType[type]): string {
  return result.countsCapped.includes(type) ? `hơn ${formatNumber(count)}` : formatNumber(count);
}

function pageHref(q: PageQuery, changes: Partial<PageQuery> = {}): string {
  const next = { ...q, ...changes };
  const href = searchUrl(next);
  return next.page > 1 ? `${href}&page=${next.page}` : href;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Older links (and the spec's form-state names) say searchType / searchMode: one redirect to the page's own address.
  if (url.searchParams.has('searchType') || url.searchParams.has('searchMode')) {
    const p = url.searchParams;
    const q = readQuery(url);
    throw redirect(
      pageHref({
        ...q,
        type: pick(p.get('searchType'), SEARCH_TYPES, q.type),
        mode: pick(p.get('searchMode'), SEARCH_MODES, q.mode),
        page: 1,
      }),
    );
  }
  const q = readQuery(url);
  const user = await getCurrentUser(request, context);
  const base = { q, loggedIn: user !== null };
  if (!q.query.trim()) {
    const popular = await context.services.search.popularQueries(12);
    return { ...base, result: null, error: null, popular: popular.map((p) => p.query) };
  }
  const parsed = ZSearchRequestSchema.safeParse({
    query: q.query,
    mode: q.mode,
    type: q.type,
    conditions: q.conditions,
    conditionType: q.conditions.length > 0 ? 'AND' : undefined,
    page: q.page,
    perPage: 10,
  });
  if (!parsed.success) {
    return { ...base, result: null, error: parsed.error.issues[0]?.message ?? 'Từ khoá chưa hợp lệ.', popular: [] };
  }
  const client = { userId: user?.id ?? null, ip: context.clientIp };
  const result: SearchResult = await context.services.search.search(parsed.data, client);
  return { ...base, result, error: null, popular: [] };
}

/** Saving the search changes nothing on this page: no need to search (and count it) again. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

/** "Save this search": logged-in readers only. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const parsed = ZSearchCollectionInputSchema.safeParse({
    query: String(form.get('query') ?? ''),
    mode: String(form.get('mode') ?? 'strict'),
    type: String(form.get('type') ?? 'all'),
    conditions: String(form.get('conditions') ?? '')
      .split('|')
      .filter(Boolean),
  });
  if (!parsed.success) return data({ saved: null, error: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  try {
    const saved = await context.services.searchCollections.create(user.id, parsed.data);
    return { saved: { id: saved.id, name: saved.name }, error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ saved: null, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.q.query;
  return [
    { title: query ? `“${query}” — Tìm kiếm — ${SITE_NAME}` : `Tìm kiếm — ${SITE_NAME}` },
    {
      name: 'description',
      content: 'Tìm trong kinh sách, pháp âm, lời giảng, video và bài viết — gõ có dấu hay không dấu.',
    },
    // Result pages are for readers, not for search engines' indexes.
    ...(query ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

function SaveSearchButton({ q, loggedIn }: { q: PageQuery; loggedIn: boolean }) {
  const fetcher = useFetcher<typeof action>();
  if (!loggedIn) {
    return (
      <Link
        to={`/login?${new URLSearchParams({ redirectTo: pageHref(q) })}`}
        className="button button-ghost search-save"
      >
        Đăng nhập để lưu tìm kiếm
      </Link>
    );
  }
  const saved = fetcher.data?.saved;
  if (saved) {
    return (
      <p className="search-saved" role="status">
        Đã lưu. <Link to="/profile/search-collection">Xem các tìm kiếm đã lưu</Link>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="search-save-form">
      <input type="hidden" name="query" value={q.query} />
      <input type="hidden" name="mode" value={q.mode} />
      <input type="hidden" name="type" value={q.type} />
      <input type="hidden" name="conditions" value={q.conditions.join('|')} />
      <button type="submit" className="button button-ghost search-save" disabled={fetcher.state !== 'idle'}>
        Lưu tìm kiếm này
      </button>
      {fetcher.data?.error ? (
        <span className="search-save-error" role="alert">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, result, error, popular, loggedIn } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/search';
  const pageCount = result ? Math.max(1, Math.ceil(result.total / result.perPage)) : 1;

  return (
    <div className="search-page page-width">
      <header className="search-header">
        <h1>Tìm kiếm</h1>
        <Form method="get" action="/search" className="search-form" role="search" aria-label="Tìm trong thư viện">
          <div className="search-input-row">
            <label htmlFor="search-query" className="visually-hidden">
              Từ khoá
            </label>
            <div className="search-input">
              <SearchIcon size={20} />
              <SuggestInput
                id="search-query"
                name="query"
                defaultValue={q.query}
                key={q.query}
                placeholder="Gõ có dấu hay không dấu: phat giao, Quán Thế Âm…"
                maxLength={300}
                enterKeyHint="search"
                required
              />
            </div>
            <button type="submit" className="button button-primary">
              Tìm
            </button>
          </div>
          <fieldset className="search-modes">
            <legend className="visually-hidden">Cách tìm</legend>
            {SEARCH_MODES.map((mode) => (
              <label key={mode} className="search-mode">
                <input type="radio" name="mode" value={mode} defaultChecked={q.mode === mode} />
                <span>{SEARCH_MODE_LABELS[mode]}</span>
              </label>
            ))}
            <span className="search-mode-hint">
              {q.mode === 'strict'
                ? 'Tìm đúng cụm từ theo thứ tự đã gõ.'
                : 'Tìm các đoạn có đủ mọi chữ, ở bất kỳ vị trí nào.'}
            </span>
          </fieldset>
          {/* Named and ordered as the page's address (searchUrl), so submitting needs no redirect. */}
          <input type="hidden" name="type" value={q.type} />
          {q.conditions.length > 0 ? (
            <>
              <input type="hidden" name="conditionType" value="AND" />
              <input type="hidden" name="conditions" value={q.conditions.join('|')} />
            </>
          ) : null}
        </Form>
        {q.conditions.length > 0 ? (
          <p className="search-conditions">
            <span>Cùng có:</span>
            {q.conditions.map((c) => (
              <span key={c} className="chip search-condition">
                {c}
                <Link
                  to={pageHref(q, { conditions: q.conditions.filter((x) => x !== c), page: 1 })}
                  aria-label={`Bỏ điều kiện ${c}`}
                  className="search-condition-remove"
                >
                  ×
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </header>

      {error ? (
        <p className="search-error" role="alert">
          {error}
        </p>
      ) : null}

      {result ? (
        <>
          <nav className="search-tabs" aria-label="Loại nội dung">
            {/* Types with nothing found are left out (on a phone they would push the others off screen). */}
            {SEARCH_TYPES.filter((type) => type === 'all' || type === q.type || result.countsByType[type] > 0).map(
              (type) => (
                <Link
                  key={type}
                  to={pageHref(q, { type, page: 1 })}
                  className="search-tab"
                  aria-current={type === q.type ? 'page' : undefined}
                  data-type={type}
                >
                  {SEARCH_TYPE_LABELS[type]}
                  <span className="search-tab-count">{countText(result, type)}</span>
                </Link>
              ),
            )}
          </nav>

          <div className="search-summary">
            <p aria-live="polite" data-testid="search-summary">
              {result.total > 0
                ? `${countText(result, q.type, result.total)} kết quả cho “${result.query}”`
                : `Không tìm thấy kết quả cho “${result.query}”`}
            </p>
            <SaveSearchButton q={q} loggedIn={loggedIn} />
          </div>

          {result.suggestion ? (
            <p className="search-suggestion">
              Có phải bạn muốn tìm:{' '}
              <Link to={pageHref(q, { query: result.suggestion, page: 1 })}>{result.suggestion}</Link>
            </p>
          ) : null}

          {/* The list is most of the page's work: hydrated in a task of its own (decision 0034). */}
          <HydrateLater>
            <div className="search-results" aria-busy={searching}>
              {result.items.length > 0 ? (
                result.items.map((item) => (
                  <SearchResultCard
                    key={`${item.type}-${item.key}`}
                    item={item}
                    search={{ query: result.query, mode: q.mode, conditions: q.conditions }}
                  />
                ))
              ) : (
                <div className="search-empty">
                  <p>
                    {result.total > 0
                      ? 'Trang này không còn kết quả.'
                      : q.mode === 'strict'
                        ? 'Thử “Tìm mở rộng” để tìm các đoạn có đủ mọi chữ ở bất kỳ vị trí nào, hoặc gõ ít chữ hơn.'
                        : 'Thử gõ ít chữ hơn, hoặc bỏ bớt điều kiện.'}
                  </p>
                  {q.mode === 'strict' && result.total === 0 ? (
                    <Link to={pageHref(q, { mode: 'broad', page: 1 })} className="button button-ghost">
                      Tìm mở rộng
                    </Link>
                  ) : null}
                </div>
              )}
            </div>
          </HydrateLater>

          {pageCount > 1 ? (
            <Pagination page={q.page} pageCount={pageCount} hrefFor={(page) => pageHref(q, { page })} />
          ) : null}
        </>
      ) : !error ? (
        <section className="search-start">
          <h2>Mẹo tìm</h2>
          <ul>
            <li>
              Gõ có dấu hay không dấu đều được: <strong>phat giao</strong> tìm ra <strong>Phật giáo</strong>.
            </li>
            <li>
              <strong>{SEARCH_MODE_LABELS.strict}</strong> tìm nguyên cụm từ;{' '}
              <strong>{SEARCH_MODE_LABELS.broad}</strong> tìm các đoạn có đủ mọi chữ.
            </li>
          </ul>
          {popular.length > 0 ? (
            <>
              <h2>Mọi người hay tìm</h2>
              <p className="chips">
                {popular.map((query) => (
                  <Link key={query} to={searchUrl({ query })} className="chip">
                    {query}
                  </Link>
                ))}
              </p>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
