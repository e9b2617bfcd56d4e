import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LookupResult } from '#common/contracts/dictionary.schema.ts';

export interface LookupRequestWindow {
  text: string;
  at: number;
  readings: string[] | null;
  /** The window's place among the paragraph's characters, and how many there are. */
  offset: number;
  count: number;
}

type State = { status: 'loading' } | { status: 'done'; result: LookupResult } | { status: 'failed'; message: string };

/**
 * What is known of a tapped character or term (GET /api/v1/public/dictionary/lookup): a sheet at
 * the bottom of a phone's screen, a card at the side of a wide one. It takes the focus, Escape
 * closes it and gives the focus back to the sentence it came from.
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
  const [state, setState] = useState<State>({ status: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);
  const { text, at, readings } = request;

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ text, at: String(at) });
    if (readings) params.set('readings', readings.join(' '));
    fetch(`/api/v1/public/dictionary/lookup?${params}`, { signal: controller.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body?.errorMessage ?? 'Không tra được chữ này.');
        const result = (body as { data: LookupResult }).data;
        setState({ status: 'done', result });
        onTerm(result.start, result.end);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          message:
            error instanceof TypeError
              ? 'Không kết nối được. Kiểm tra mạng rồi thử lại.'
              : (error as Error).message || 'Không tra được chữ này.',
        });
      });
    return () => controller.abort();
    // onTerm is the page's own setter: a new one each render must not fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, at, readings?.join(' ')]);

  // Focus in the same frame the sheet appears (a passive effect may run after the paint).
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const place = request.offset + at;
  const tapped = [...text][at] ?? '';
  const result = state.status === 'done' ? state.result : null;

  return (
    <>
      <div className="lookup-backdrop" aria-hidden="true" onClick={onClose} />
      <section className="lookup-sheet" role="dialog" aria-labelledby="lookup-title" data-testid="lookup-sheet">
        <header className="lookup-head">
          <h2 id="lookup-title" ref={heading} tabIndex={-1}>
            <span className="lookup-term" lang="zh-Hant">
              {result?.term ?? tapped}
            </span>
            {result?.reading ? <span className="lookup-reading">{result.reading}</span> : null}
          </h2>
          <button type="button" className="lookup-close" onClick={onClose} aria-label="Đóng tra cứu">
            ×
          </button>
        </header>

        <div className="lookup-body" aria-live="polite">
          {state.status === 'loading' ? <p className="lookup-status">Đang tra…</p> : null}
          {state.status === 'failed' ? <p className="lookup-status lookup-error">{state.message}</p> : null}
          {result ? <LookupBody result={result} /> : null}
        </div>

        <nav className="lookup-nav" aria-label="Chữ bên cạnh">
          <button type="button" disabled={place <= 0} onClick={() => onMove(-1)}>
            ‹ Chữ trước
          </button>
          <button type="button" disabled={place >= request.count - 1} onClick={() => onMove(1)}>
            Chữ sau ›
          </button>
        </nav>
      </section>
    </>
  );
}

function LookupBody({ result }: { result: LookupResult }) {
  return (
    <>
      {result.entries.length > 0 ? (
        <section aria-labelledby="lookup-meaning">
          <h3 id="lookup-meaning">Nghĩa</h3>
          <ul className="lookup-entries">
            {result.entries.map((entry, i) => (
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
      ) : (
        <p className="lookup-none">Từ điển của thư viện chưa có nghĩa của chữ này.</p>
      )}

      <section aria-labelledby="lookup-characters">
        <h3 id="lookup-characters">Từng chữ</h3>
        <dl className="lookup-characters">
          {result.characters.map((c, i) => (
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
          Âm và nghĩa tiếng Anh: Unihan {result.unihan.version} ·{' '}
          <a href={result.unihan.licenseUrl} rel="noopener" target="_blank">
            giấy phép Unicode
          </a>
        </p>
      </section>

      {result.reading ? (
        <section aria-labelledby="lookup-passages">
          <h3 id="lookup-passages">
            Đoạn có “{result.reading}”{result.passageTotal > 0 ? ` (${result.passageTotal} sách)` : ''}
          </h3>
          {result.passages.length > 0 ? (
            <ul className="lookup-passages">
              {result.passages.map((passage, i) => (
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
            <p className="lookup-none">Chưa thấy đoạn nào khác.</p>
          )}
          {result.searchUrl && result.passageTotal > result.passages.length ? (
            <Link className="lookup-more" to={result.searchUrl}>
              Xem tất cả trong tìm kiếm
            </Link>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
