import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { NoteListCard } from '#app/components/lists/note-list-card.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/lists';
import '#app/styles/lists.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

const FEATURED_COUNT = 6;
const PAGE_SIZE = 12;

/** The quotes page: lists moderators featured, then every approved list, the newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
  const [featured, recent] = await Promise.all([
    page === 1 ? context.services.noteGroups.listPublic(1, FEATURED_COUNT, true) : null,
    context.services.noteGroups.listPublic(page, PAGE_SIZE),
  ]);
  return { featured: featured?.items ?? [], recent };
}

export function meta() {
  return [
    { title: `Trích dẫn — ${SITE_NAME}` },
    {
      name: 'description',
      content: 'Những tuyển tập lời kinh, lời dạy do bạn đọc gom lại và chia sẻ, đã qua kiểm duyệt.',
    },
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function ListsPage({ loaderData }: Route.ComponentProps) {
  const { featured, recent } = loaderData;
  const pageCount = Math.max(1, Math.ceil(recent.total / recent.perPage));
  const empty = featured.length === 0 && recent.total === 0;
  return (
    <div className="lists-page page-width">
      <header className="lists-header">
        <p className="eyebrow">Trích dẫn</p>
        <h1>Những lời đáng nhớ</h1>
        <p className="library-lead">
          Tuyển tập các đoạn kinh và lời dạy do bạn đọc gom lại trong nhóm ghi chú rồi chia sẻ. Mỗi danh sách được người
          kiểm duyệt đọc trước khi hiện ở đây.
        </p>
      </header>
      {empty ? (
        <div className="lists-empty" data-testid="lists-empty">
          <p className="lists-empty-title">Chưa có danh sách nào được công khai.</p>
          <p>
            Khi đọc kinh, hãy đánh dấu những đoạn làm bạn dừng lại, gom chúng vào một{' '}
            <Link to="/profile/note-group">nhóm ghi chú</Link> rồi chọn “Công khai” để chia sẻ với mọi người.
          </p>
        </div>
      ) : null}
      {featured.length > 0 ? (
        <section className="lists-section" aria-labelledby="featured-title">
          <h2 id="featured-title">Nổi bật</h2>
          <ul className="note-list-grid" data-testid="featured-lists">
            {featured.map((group) => (
              <li key={group.id}>
                <NoteListCard group={group} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {recent.items.length > 0 ? (
        <section className="lists-section" aria-labelledby="recent-title">
          <h2 id="recent-title">Mới chia sẻ</h2>
          <ul className="note-list-grid" data-testid="recent-lists">
            {recent.items.map((group) => (
              <li key={group.id}>
                <NoteListCard group={group} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pageCount > 1 ? (
        <Pagination page={recent.page} pageCount={pageCount} hrefFor={(page) => `/danh-sach?page=${page}`} />
      ) : null}
    </div>
  );
}
