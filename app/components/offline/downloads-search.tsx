import { useEffect, useState } from 'react';
import type { DownloadRecord } from '#app/lib/offline-books.ts';
import type { OfflineHit } from '#app/lib/offline-search.ts';

type Found =
  { state: 'idle' } | { state: 'searching' } | { state: 'done'; query: string; hits: OfflineHit[]; more: boolean };

/** The address's `?tim=` (the offline page's form and the search page offline lead here with it). */
const queryOfAddress = () => new URL(window.location.href).searchParams.get('tim') ?? '';
/** The address's `?sach=`: a book's own search box, offline, searches that book here. */
const bookOfAddress = () => new URL(window.location.href).searchParams.get('sach');

/**
 * "Tìm trong sách đã tải" (decision 0030): searches the downloaded books in this browser, with or
 * without diacritics. The index's code loads with the first search. A plain form: offline there is
 * no server to ask, the address is kept with the words so that a reload finds them again.
 */
export function DownloadsSearch({ books: downloaded }: { books: DownloadRecord[] }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [onlyBook, setOnlyBook] = useState<DownloadRecord | null>(null);
  const books = onlyBook ? [onlyBook] : downloaded;

  const search = async (words: string, within = books) => {
    const url = new URL(window.location.href);
    if (words.trim()) url.searchParams.set('tim', words.trim());
    else url.searchParams.delete('tim');
    window.history.replaceState(window.history.state, '', url);
    if (!words.trim()) return setFound({ state: 'idle' });
    setFound({ state: 'searching' });
    const { searchDownloads } = await import('#app/lib/offline-search.ts');
    setFound({ state: 'done', query: words.trim(), ...(await searchDownloads(words, within)) });
  };

  useEffect(() => {
    const asked = queryOfAddress();
    const book = downloaded.find((b) => b.code === bookOfAddress()) ?? null;
    setQuery(asked);
    setOnlyBook(book);
    if (asked) void search(asked, book ? [book] : downloaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the books read
  }, []);

  return (
    <div className="downloads-search">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search(query);
        }}
      >
        <label htmlFor="downloads-search-input">Tìm trong sách đã tải</label>
        <div className="downloads-search-row">
          <input
            id="downloads-search-input"
            type="search"
            name="tim"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Gõ có dấu hay không dấu"
            maxLength={200}
          />
          <button type="submit" className="button button-primary">
            Tìm
          </button>
        </div>
      </form>
      {onlyBook ? (
        <p className="downloads-total" data-testid="downloads-search-book">
          Trong sách “{onlyBook.title}” ·{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const url = new URL(window.location.href);
              url.searchParams.delete('sach');
              window.history.replaceState(window.history.state, '', url);
              setOnlyBook(null);
              void search(query, downloaded);
            }}
          >
            tìm trong mọi sách đã tải
          </button>
        </p>
      ) : null}
      {found.state === 'searching' ? <p aria-busy="true">Đang tìm…</p> : null}
      {found.state === 'done' ? (
        <div aria-live="polite" data-testid="downloads-hits">
          <p className="downloads-total">
            {found.hits.length === 0
              ? `Không có đoạn nào có “${found.query}” trong sách đã tải.`
              : `${found.more ? 'Hơn ' : ''}${found.hits.length} đoạn có “${found.query}”.`}
          </p>
          <ol className="downloads-hits">
            {found.hits.map((hit) => (
              <li key={hit.href}>
                {/* A plain link: offline, the service worker answers a whole page. */}
                <a href={hit.href} className="downloads-hit-title">
                  {hit.bookTitle} · {hit.chapterTitle}
                </a>
                <p className="downloads-hit-text">
                  {hit.snippet.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : s.text))}
                </p>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
