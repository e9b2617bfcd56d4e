import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DictionaryEntry, HanCharacter, LookupResult } from '#common/contracts/dictionary.schema.ts';
import '#app/styles/lookup-sheet.css';

export interface LookupRequestWindow {
  text: string;
  at: number;
  readings: string[] | null;
  /** The window's place among the paragraph's characters, and how many there are. */
  offset: number;
  count: number;
}

type State<T> = { status: 'loading' } | { status: 'done'; result: T } | { status: 'failed'; message: string };

/** Fetches a look-up (`/api/v1/public/dictionary/…`) when `path` changes; `onDone` hears its answer. */
export function useLookup<T>(path: string, onDone?: (result: T) => void): State<T> {
  const [state, setState] = useState<State<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(`/api/v1/public/dictionary/${path}`, { signal: controller.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body?.errorMessage ?? 'Không tra được.');
        const result = (body as { data: T }).data;
        setState({ status: 'done', result });
        onDone?.(result);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          message:
            error instanceof TypeError
              ? 'Không kết nối được. Kiểm tra mạng rồi thử lại.'
              : (error as Error).message || 'Không tra được.',
        });
      });
    return () => controller.abort();
    // onDone is the page's own setter: a new one each render must not fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return state;
}

/**
 * The frame of a look-up: a sheet at the bottom of a phone's screen, a card at the side of a wide
 * one. It takes the focus, and Escape or the backdrop closes it (the opener gives the focus back).
 */
export function LookupFrame({
  heading,
  state,
  nav,
  onClose,
  children,
}: {
  heading: React.ReactNode;
  state: State<unknown>;
  nav?: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  // Focus in the same frame the sheet appears (a passive effect may run after the paint).
  useLayoutEffect(() => {
    title.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <>
      <div className="lookup-backdrop" aria-hidden="true" onClick={onClose} />
      <section className="lookup-sheet" role="dialog" aria-labelledby="lookup-title" data-testid="lookup-sheet">
        <header className="lookup-head">
          <h2 id="lookup-title" ref={title} tabIndex={-1}>
            {heading}
          </h2>
          <button type="button" className="lookup-close" onClick={onClose} aria-label="Đóng tra cứu">
            ×
          </button>
        </header>

        <div className="lookup-body" aria-live="polite">
          {state.status === 'loading' ? <p className="lookup-status">Đang tra…</p> : null}
          {state.status === 'failed' ? <p className="lookup-status lookup-error">{state.message}</p> : null}
          {state.status === 'done' ? children : null}
        </div>
        {nav}
      </section>
    </>
  );
}

/**
 * What is known of a tapped Chinese character or term (GET /api/v1/public/dictionary/lookup); the
 * sheet focuses, and gives the focus back on closing, through the study view's handlers.
 */
export function LookupSheet({
  request,
  onTerm,
  onMove,
  onClose,
}: {
  request: LookupRequestWindow;
  onTerm: (start: number, end: number) => void;
  onMove: (step: -1 | 1) => void;
  onClose: () => void;
}) {
  const { text, at, readings } = request;
  const params = new URLSearchParams({ text, at: String(at) });
  if (readings) params.set('readings', readings.join(' '));
  const state = useLookup<LookupResult>(`lookup?${params}`, (result) => onTerm(result.start, result.end));

  const place = request.offset + at;
  const tapped = [...text][at] ?? '';
  const result = state.status === 'done' ? state.result : null;

  return (
    <LookupFrame
      state={state}
      onClose={onClose}
      heading={
        <>
          <span className="lookup-term" lang="zh-Hant">
            {result?.term ?? tapped}
          </span>
          {result?.reading ? <span className="lookup-reading">{result.reading}</span> : null}
        </>
      }
      nav={
        <nav className="lookup-nav" aria-label="Chữ bên cạnh">
          <button type="button" disabled={place <= 0} onClick={() => onMove(-1)}>
            ‹ Chữ trước
          </button>
          <button type="button" disabled={place >= request.count - 1} onClick={() => onMove(1)}>
            Chữ sau ›
          </button>
        </nav>
      }
    >
      {result ? <LookupBody result={result} /> : null}
    </LookupFrame>
  );
}

function LookupBody({ result }: { result: LookupResult }) {
  return (
    <>
      {result.entries.length > 0 ? (
        <LookupEntries entries={result.entries} />
      ) : (
        <p className="lookup-none">Từ điển của thư viện chưa có nghĩa của chữ này.</p>
      )}
      <LookupCharacters characters={result.characters} unihan={result.unihan} />
      {result.reading ? (
        <LookupPassages
          phrase={result.reading}
          passages={result.passages}
          total={result.passageTotal}
          searchUrl={result.searchUrl}
        />
      ) : null}
    </>
  );
}

/** The imported dictionaries' entries, each with its dictionary's name and licence (linked to its source). */
export function LookupEntries({ entries }: { entries: DictionaryEntry[] }) {
  return (
    <section aria-labelledby="lookup-meaning">
      <h3 id="lookup-meaning">Nghĩa</h3>
      <ul className="lookup-entries">
        {entries.map((entry, i) => (
          <li key={i}>
            <p>
              <span lang="zh-Hant">{entry.headword}</span>
              {entry.reading ? <em> {entry.reading}</em> : null}: {entry.meaning}
            </p>
            <p className="lookup-source">
              Theo {entry.dictionary.name} ·{' '}
              {entry.dictionary.sourceUrl ? (
                <a href={entry.dictionary.sourceUrl} rel="noopener" target="_blank">
                  {entry.dictionary.license}
                </a>
              ) : (
                entry.dictionary.license
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Chinese characters with their Unihan readings and English glosses, and Unihan's licence. */
export function LookupCharacters({
  characters,
  unihan,
  heading = 'Từng chữ',
}: {
  characters: HanCharacter[];
  unihan: LookupResult['unihan'];
  heading?: string;
}) {
  return (
    <section aria-labelledby="lookup-characters">
      <h3 id="lookup-characters">{heading}</h3>
      <dl className="lookup-characters">
        {characters.map((c, i) => (
          <div key={i}>
            <dt lang="zh-Hant">{c.character}</dt>
            <dd>
              <span className="lookup-char-reading">
                {c.readings.length > 0 ? c.readings.join(', ') : 'chưa có âm trong Unihan'}
              </span>
              {c.traditional ? (
                <span className="lookup-char-note">
                  {' '}
                  · giản thể của <span lang="zh-Hant">{c.traditional}</span>
                </span>
              ) : null}
              {c.definition ? (
                <span className="lookup-gloss" lang="en">
                  {c.definition}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="lookup-source">
        Âm và nghĩa tiếng Anh: Unihan {unihan.version} ·{' '}
        <a href={unihan.licenseUrl} rel="noopener" target="_blank">
          giấy phép Unicode
        </a>
      </p>
    </section>
  );
}

/** The library's passages with `phrase`, and the search page for all of them when there are more. */
export function LookupPassages({
  phrase,
  passages,
  total,
  searchUrl,
  alwaysSearch = false,
  none = 'Chưa thấy đoạn nào khác.',
}: {
  phrase: string;
  passages: LookupResult['passages'];
  total: number;
  searchUrl: string | null;
  /** Offer the search page even when every passage is shown (or none was found). */
  alwaysSearch?: boolean;
  /** Said when no passage was found. */
  none?: string;
}) {
  return (
    <section aria-labelledby="lookup-passages">
      <h3 id="lookup-passages">
        Đoạn có “{phrase}”{total > 0 ? ` (${total} sách)` : ''}
      </h3>
      {passages.length > 0 ? (
        <ul className="lookup-passages">
          {passages.map((passage, i) => (
            <li key={i}>
              <Link to={passage.url}>
                <span className="lookup-passage-title">
                  {passage.title}
                  {passage.label ? ` · ${passage.label}` : ''}
                </span>
                <span className="lookup-passage-snippet">
                  {passage.snippet.map((s, k) => (s.hit ? <mark key={k}>{s.text}</mark> : s.text))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lookup-none">{none}</p>
      )}
      {searchUrl && (alwaysSearch || total > passages.length) ? (
        <Link className="lookup-more" to={searchUrl}>
          Xem tất cả trong tìm kiếm
        </Link>
      ) : null}
    </section>
  );
}
