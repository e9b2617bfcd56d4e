import { data, Link, redirect } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { QuoteNote } from '#app/components/lists/quote-note.tsx';
import { ShareButtons } from '#app/components/reader/share-buttons.tsx';
import { isNotFoundError } from '#app/lib/form-errors.server.ts';
import { formatDate, formatNumber } from '#app/lib/format.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';
import { headTags } from '#app/lib/page-head.ts';
import { plainHead } from '#app/lib/structured-data.server.ts';
import type { Route } from './+types/list-detail';
import '#app/styles/lists.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

const STATE_NOTES = {
  none: 'Danh sách này đang ở chế độ riêng tư: chỉ bạn thấy trang này.',
  pending: 'Danh sách đang chờ người kiểm duyệt đọc: chỉ bạn thấy trang này cho đến khi được duyệt.',
  rejected: 'Danh sách chưa được duyệt: chỉ bạn thấy trang này.',
  approved: null,
} as const;

/**
 * One published list. Someone else's list that is still under moderation leads to the
 * moderation notice; a private one, or none, is not found. Its owner sees it in any state.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = positiveIdOf(params.id);
  if (!id) throw data('Not Found', { status: 404 });
  const user = await getCurrentUser(request, context);
  let view;
  try {
    view = await context.services.noteGroups.viewFor(user?.id ?? null, id);
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
  if (view.kind === 'moderation') throw redirect('/noi-dung-dang-kiem-duyet');
  const { group } = view.detail;
  // One address per list: /danh-sach/{its author's user name}/{id}.
  if (params.userName !== group.authorUserName) throw redirect(group.path, 301);
  const origin = context.services.site.originFor(request.url);
  const description = group.description ?? view.detail.notes[0]?.content.slice(0, 200) ?? group.name;
  const head = plainHead(origin, group.path, { title: group.name, description, type: 'article' });
  return { ...view.detail, own: view.own, url: head.url, head };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  const { group, head } = loaderData;
  return [
    { title: `${group.name} — Trích dẫn — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    ...headTags(head),
    ...(loaderData.own && loaderData.own.moderationState !== 'approved'
      ? [{ name: 'robots', content: 'noindex' }]
      : []),
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function ListDetailPage({ loaderData }: Route.ComponentProps) {
  const { group, notes, own, url } = loaderData;
  const stateNote = own ? STATE_NOTES[own.moderationState] : null;
  return (
    <div className="lists-page page-width list-detail">
      <nav className="breadcrumb" aria-label="Đường dẫn">
        <ol>
          <li>
            <Link to="/">Trang chủ</Link>
          </li>
          <li>
            <Link to="/danh-sach">Trích dẫn</Link>
          </li>
        </ol>
      </nav>
      {stateNote ? (
        <p className="list-state-note" role="status" data-testid="list-state-note">
          {stateNote} <Link to={`/profile/note-group/${group.id}`}>Mở trong nhóm ghi chú của bạn</Link>
        </p>
      ) : null}
      <header className="list-detail-header">
        <p className="eyebrow">{group.featured ? 'Danh sách nổi bật' : 'Danh sách trích dẫn'}</p>
        <h1>{group.name}</h1>
        {group.description ? <p className="library-lead">{group.description}</p> : null}
        <p className="list-detail-meta">
          Tuyển chọn bởi <strong>{group.authorName}</strong> · {formatNumber(notes.length)} trích dẫn
          {group.approvedAt ? ` · chia sẻ ngày ${formatDate(group.approvedAt)}` : ''}
        </p>
        <ShareButtons url={url} title={group.name} label="Chia sẻ danh sách này" />
      </header>
      {notes.length === 0 ? (
        <p className="search-empty">Danh sách này chưa có trích dẫn nào.</p>
      ) : (
        <ol className="quote-notes" data-testid="quote-notes">
          {notes.map((note) => (
            <QuoteNote key={note.id} note={note} />
          ))}
        </ol>
      )}
    </div>
  );
}
