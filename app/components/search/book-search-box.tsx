import { useId, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { SearchResult } from '#common/contracts/search.schema.ts';
import { SearchIcon } from '#app/components/ui/icons.tsx';
import { formatNumber } from '#app/lib/format.ts';
import { hasOptedIntoOffline } from '#app/lib/offline-opt-in.ts';
import { useFocusOnMount } from '#app/lib/use-focus-on-mount.ts';
import { Highlighted } from './highlighted.tsx';

interface BoxData {
  result: SearchResult | null;
  error: string | null;
}

/**
 * The reader's side search box: finds a phrase inside this book (with or without diacritics) and
 * links each passage to its chapter at the paragraph, where the words are highlighted.
 */
export function BookSearchBox({ bookCode, focusOnOpen = false }: { bookCode: string; focusOnOpen?: boolean }) {
  const fetcher = useFetcher<BoxData>();
  const id = useId();
  const input = useFocusOnMount<HTMLInputElement>(focusOnOpen);
  const [mode, setMode] = useState<'strict' | 'broad'>('strict');
  const [offline, setOffline] = useState(false);
  const result = fetcher.data?.result ?? null;
  const passages = result?.items[0]?.passages ?? [];
  const matchCount = result?.items[0]?.matchCount ?? 0;

  return (
    <section className="book-search" aria-label="Tìm trong sách này" data-testid="book-search">
      <fetcher.Form
        method="get"
        action="/sach/BookSearchBox"
        className="book-search-form"
        role="search"
        onSubmit={(event) => {
          // Offline there is no server to ask: the downloads page searches this book, if downloaded
          // (the service worker answers it; decision 0030).
          setOffline(!navigator.onLine);
          if (navigator.onLine) return;
          event.preventDefault();
          const query = String(new FormData(event.currentTarget).get('query') ?? '');
          if (navigator.serviceWorker?.controller && hasOptedIntoOffline())
            window.location.assign(`/tai-ve?${new URLSearchParams({ tim: query, sach: bookCode })}`);
        }}
      >
        <input type="hidden" name="book" value={bookCode} />
        <input type="hidden" name="mode" value={mode} />
        <label htmlFor={id} className="visually-hidden">
          Tìm trong sách này
        </label>
        <input
          ref={input}
          id={id}
          name="query"
          type="search"
          placeholder="Tìm trong sách này…"
          maxLength={300}
          required
          enterKeyHint="search"
        />
        <button type="submit" className="button button-primary" aria-label="Tìm" disabled={fetcher.state !== 'idle'}>
          <SearchIcon size={18} />
        </button>
      </fetcher.Form>
      {fetcher.data?.error || offline ? (
        <p className="book-search-status" role="alert">
          {offline ? 'Không có mạng: chỉ tìm được trong sách đã tải về máy.' : fetcher.data?.error}
        </p>
      ) : null}
      {result ? (
        <>
          <p className="book-search-status" aria-live="polite">
            {matchCount > 0
              ? `${formatNumber(matchCount)} đoạn có “${result.query}”${matchCount > passages.length ? ` — hiện ${formatNumber(passages.length)} đoạn khớp nhất` : ''}`
              : `Không có đoạn nào có “${result.query}”.`}
            {matchCount === 0 && mode === 'strict' ? (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setMode('broad');
                    const params = new URLSearchParams({ book: bookCode, query: result.query, mode: 'broad' });
                    fetcher.load(`/sach/BookSearchBox?${params}`);
                  }}
                >
                  Tìm mở rộng (đủ mọi chữ, không cần liền nhau)
                </button>
              </>
            ) : null}
          </p>
          {passages.length > 0 ? (
            <ol className="book-search-results">
              {passages.map((passage) => (
                <li key={passage.id}>
                  <Link to={passage.url} className="search-passage">
                    {passage.label ? <span className="search-passage-label">{passage.label}</span> : null}
                    <span className="search-passage-text">
                      <Highlighted segments={passage.snippet} />
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
