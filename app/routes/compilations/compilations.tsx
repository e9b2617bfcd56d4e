import { data, Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, SITE_NAME } from '#common/constants.ts';
import type { CompilationItemType, CompilationSummary } from '#common/contracts/compilation.schema.ts';
import { compilationPath } from '#common/paths.ts';
import { HeadphonesIcon, LibraryIcon, NewsIcon, VideoIcon } from '#app/components/ui/icons.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { positiveIdOf } from '#app/lib/params.ts';
import { headTags } from '#app/lib/page-head.ts';
import { plainHead } from '#app/lib/structured-data.server.ts';
import type { Route } from './+types/compilations';
import '#app/styles/news.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.id === undefined) {
    const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
    return {
      kind: 'list' as const,
      list: await context.services.compilations.listCompilations(page, DEFAULT_PAGE_SIZE),
    };
  }
  const id = positiveIdOf(params.id);
  const compilation = id ? await context.services.compilations.findCompilation(id) : null;
  if (!compilation) throw data('Not Found', { status: 404 });
  const origin = context.services.site.originFor(request.url);
  const head = plainHead(origin, compilationPath(compilation.id), {
    title: compilation.title,
    description: compilation.introduction ?? compilation.title,
  });
  return { kind: 'compilation' as const, compilation, head };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  if (loaderData.kind === 'list') {
    return [
      { title: `Tổng hợp — ${SITE_NAME}` },
      { name: 'description', content: 'Các tuyển tập gom sách, pháp âm, video và bài viết quanh một chủ đề.' },
    ];
  }
  const { compilation, head } = loaderData;
  return [
    { title: `${compilation.title} — Tổng hợp — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    ...headTags(head),
  ];
}

const KIND_LABEL: Record<CompilationItemType, string> = {
  book: 'Sách',
  talk: 'Pháp âm',
  video: 'Video',
  article: 'Bài viết',
};

const KIND_UNIT: Record<CompilationItemType, string> = {
  book: 'sách',
  talk: 'pháp âm',
  video: 'video',
  article: 'bài viết',
};

function KindIcon({ type }: { type: CompilationItemType }) {
  if (type === 'book') return <LibraryIcon size={22} />;
  if (type === 'talk') return <HeadphonesIcon size={22} />;
  if (type === 'video') return <VideoIcon size={22} />;
  return <NewsIcon size={22} />;
}

/** "4 sách · 3 pháp âm · 1 bài viết" */
function countsLine(counts: CompilationSummary['counts']): string {
  return (Object.keys(KIND_UNIT) as CompilationItemType[])
    .filter((type) => counts[type] > 0)
    .map((type) => `${counts[type]} ${KIND_UNIT[type]}`)
    .join(' · ');
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function CompilationsPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'list' ? (
    <CompilationList list={loaderData.list} />
  ) : (
    <CompilationPage compilation={loaderData.compilation} />
  );
}

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>['list'];
type CompilationData = Extract<Route.ComponentProps['loaderData'], { kind: 'compilation' }>['compilation'];

function CompilationList({ list }: { list: ListData }) {
  const pageCount = Math.max(1, Math.ceil(list.total / list.perPage));
  return (
    <div className="news-page page-width">
      <header className="news-header">
        <p className="eyebrow">Thư viện</p>
        <h1>Tổng hợp</h1>
        <p className="news-lead">
          Mỗi tuyển tập gom sách, pháp âm, video và bài viết quanh một chủ đề, theo thứ tự ban biên tập gợi ý để đọc và
          nghe.
        </p>
      </header>
      {list.items.length === 0 ? (
        <p className="empty-state">Chưa có tuyển tập nào.</p>
      ) : (
        <ul className="compilation-list">
          {list.items.map((compilation) => (
            <li key={compilation.id}>
              <Link to={compilationPath(compilation.id)} className="compilation-card">
                <span className="compilation-card-title">{compilation.title}</span>
                {compilation.introduction ? (
                  <span className="compilation-card-intro">{compilation.introduction}</span>
                ) : null}
                <span className="compilation-card-counts">{countsLine(compilation.counts)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <Pagination page={list.page} pageCount={pageCount} hrefFor={(p) => `${compilationPath()}?page=${p}`} />
      ) : null}
    </div>
  );
}

function CompilationPage({ compilation }: { compilation: CompilationData }) {
  return (
    <div className="compilation-page page-narrow">
      <nav className="news-breadcrumb" aria-label="Đường dẫn">
        <Link to={compilationPath()}>Tổng hợp</Link>
      </nav>
      <header className="compilation-header">
        <p className="eyebrow">Tuyển tập</p>
        <h1>{compilation.title}</h1>
        {compilation.introduction ? <p className="compilation-intro">{compilation.introduction}</p> : null}
        <p className="news-count">{countsLine(compilation.counts)}</p>
      </header>
      {compilation.items.length === 0 ? (
        <p className="empty-state">Tuyển tập này chưa có mục nào.</p>
      ) : (
        <ol className="compilation-items">
          {compilation.items.map((item, i) => (
            <li key={`${item.type}-${item.id}`} className="compilation-item" data-type={item.type}>
              <span className="compilation-item-number" aria-hidden="true">
                {i + 1}
              </span>
              <Link to={item.url} className="compilation-item-link">
                <span className="compilation-item-icon" aria-hidden="true">
                  <KindIcon type={item.type} />
                </span>
                <span className="compilation-item-body">
                  <span className="compilation-item-kind">{KIND_LABEL[item.type]}</span>
                  <span className="compilation-item-title">{item.title}</span>
                  {item.note ? <span className="compilation-item-note">{item.note}</span> : null}
                  {item.subtitle && item.type !== 'article' ? (
                    <span className="compilation-item-subtitle">{item.subtitle}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
