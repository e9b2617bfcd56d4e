import { Link, useFetcher } from 'react-router';
import type { SearchItem, SearchPassage } from '#common/contracts/search.schema.ts';
import { SEARCH_ITEM_TYPES_WITH_PASSAGES, type SearchMode } from '#common/contracts/search.values.ts';
import { formatNumber } from '#app/lib/format.ts';
import { Highlighted } from './highlighted.tsx';

const RESULT_TYPE_LABEL: Record<SearchItem['type'], string> = {
  book: 'Sách',
  audio: 'Bài pháp âm',
  transcript: 'Lời trong bài giảng',
  video: 'Video',
  article: 'Bài viết',
};

/** What the card needs of the search to ask for the rest of its passages. */
export interface CardSearch {
  query: string;
  mode: SearchMode;
  conditions: string[];
}

function PassageLink({ passage }: { passage: SearchPassage }) {
  return (
    <Link to={passage.url} className="search-passage">
      {passage.label ? <span className="search-passage-label">{passage.label}</span> : null}
      <span className="search-passage-text">
        <Highlighted segments={passage.snippet} />
      </span>
    </Link>
  );
}

/**
 * One result: its best passage only, so a result stays short on a phone; "Xem thêm N đoạn" opens
 * the others. The page already holds the next two best (shown at once, without JavaScript too);
 * when the item has more, they are asked for on opening (one small request, up to 50).
 */
export function SearchResultCard({ item, search }: { item: SearchItem; search: CardSearch }) {
  const [first, ...known] = item.passages;
  const fetcher = useFetcher<{ passages: SearchPassage[] | null }>();
  const answer = fetcher.data?.passages;
  const others = answer ? answer.filter((p) => p.id !== first?.id) : known;
  const more = item.matchCount - 1;
  const canAskMore =
    item.matchCount > item.passages.length &&
    (SEARCH_ITEM_TYPES_WITH_PASSAGES as readonly string[]).includes(item.type);
  const notShown = more - others.length;

  function onToggle(event: React.SyntheticEvent<HTMLDetailsElement>) {
    if (!event.currentTarget.open || !canAskMore || answer || fetcher.state !== 'idle') return;
    const params = new URLSearchParams({ query: search.query, mode: search.mode, loai: item.type, ma: item.key });
    if (search.conditions.length > 0) params.set('conditions', search.conditions.join('|'));
    void fetcher.load(`/search/doan?${params}`);
  }

  const label =
    item.type === 'audio' && item.key.startsWith('tuyen-tap-') ? 'Tuyển tập pháp âm' : RESULT_TYPE_LABEL[item.type];
  return (
    <article className="search-result" data-type={item.type}>
      <header className="search-result-head">
        <span className="search-result-type">{label}</span>
        <h2 className="search-result-title">
          <Link to={item.url}>{item.title}</Link>
        </h2>
        {item.subtitle ? <p className="search-result-subtitle">{item.subtitle}</p> : null}
      </header>
      {first ? <PassageLink passage={first} /> : null}
      {more > 0 ? (
        <details className="search-more" onToggle={onToggle}>
          <summary className="search-more-toggle" data-more={formatNumber(more)}>
            <span className="search-more-closed">Xem thêm {formatNumber(more)} đoạn</span>
            <span className="search-more-open">Thu gọn</span>
          </summary>
          <ol className="search-passages">
            {others.map((passage) => (
              <li key={passage.id}>
                <PassageLink passage={passage} />
              </li>
            ))}
          </ol>
          {fetcher.state === 'loading' ? (
            <p className="search-more-note" role="status">
              Đang tải các đoạn khác…
            </p>
          ) : answer === null ? (
            <p className="search-more-note" role="alert">
              Chưa tải được các đoạn khác. Xin thử mở lại.
            </p>
          ) : notShown > 0 ? (
            <p className="search-more-note">
              … và {formatNumber(notShown)} đoạn khác — mở{' '}
              {item.type === 'book' ? 'sách' : item.type === 'video' ? 'video' : 'bài'} để đọc tiếp.
            </p>
          ) : null}
        </details>
      ) : null}
    </article>
  );
}
