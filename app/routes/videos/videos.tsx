import { data, Form, Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZVideosQuerySchema, type Video } from '#common/contracts/video.schema.ts';
import { ZCreateCorrectionRequestSchema } from '#common/contracts/correction.schema.ts';
import { withBudget } from '#app/lib/budget.server.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { getCurrentUser, requireCurrentUser } from '#app/lib/session.server.ts';
import { formatClock } from '#common/clock.ts';
import { VideoPlayer } from '#app/components/videos/video-player.tsx';
import { SearchIcon } from '#app/components/ui/icons.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { formatDate, formatNumber } from '#app/lib/format.ts';
import type { Route } from './+types/videos';
import '#app/styles/video.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';
import { headTags } from '#app/lib/page-head.ts';
import { videoHead } from '#app/lib/structured-data.server.ts';

/**
 * /videos lists the videos (`tim` filters, `page` pages); /videos?xem={slug}&t={seconds} is one
 * video's page. A parameter that does not parse is dropped, so a hand-edited address still shows
 * the list rather than an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.searchParams.get('xem');
  if (slug !== null) {
    const found = /^[a-z0-9-]{1,200}$/.test(slug) ? await context.services.videos.findVideoPage(slug) : null;
    if (!found) throw data('Not Found', { status: 404 });
    const t = url.searchParams.get('t');
    const startAt = t !== null && /^\d{1,6}$/.test(t) ? Number(t) : null;
    const head = videoHead(found.video, found.cues, context.services.site.originFor(request.url));
    // The readers whose corrections of this video's transcript were accepted, thanked under it (decision 0031).
    const thanked = await withBudget(context, context.services.corrections.creditsFor('video', found.video.id));
    const credits = thanked.ok ? thanked.value : [];
    const loggedIn = (await getCurrentUser(request, context)) !== null;
    return { kind: 'video' as const, ...found, startAt, head, credits, loggedIn };
  }
  const keyword = url.searchParams.get('tim') ?? '';
  const parsed = ZVideosQuerySchema.safeParse({ page: url.searchParams.get('page') ?? undefined, keyword });
  const query = parsed.success ? parsed.data : ZVideosQuerySchema.parse({});
  return { kind: 'list' as const, list: await context.services.videos.list(query), keyword: query.keyword ?? '' };
}

/** "Sửa lỗi" on a line of the video's transcript (logged-in readers): the same contract and service as POST /corrections. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  if (form.get('intent') !== 'suggest-correction') return data({ error: 'Yêu cầu không hợp lệ.' }, { status: 400 });
  const input = ZCreateCorrectionRequestSchema.safeParse({
    videoId: Number(form.get('videoId')),
    line: Number(form.get('line')),
    proposedText: form.get('proposedText'),
    note: form.get('note') || null,
  });
  if (!input.success) {
    return data({ error: input.error.issues[0]?.message ?? 'Đề xuất chưa hợp lệ.' }, { status: 400 });
  }
  try {
    const correction = await context.services.corrections.create(user.id, input.data);
    return { correction: { id: correction.id } };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ error: failure.data.message ?? 'Yêu cầu không hợp lệ.' }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  if (loaderData.kind === 'list') {
    return [
      { title: `Video — ${SITE_NAME}` },
      { name: 'description', content: 'Video bài giảng và đọc tụng có lời, xem ngay trên trang.' },
    ];
  }
  const { video, head } = loaderData;
  return [
    { title: `${video.title} — Video — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    ...headTags(head),
    ...(video.url && head.jsonLd?.contentUrl
      ? [
          { property: 'og:video', content: String(head.jsonLd.contentUrl) },
          { property: 'og:video:type', content: 'video/mp4' },
        ]
      : []),
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function VideosPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'list' ? (
    <VideoList list={loaderData.list} keyword={loaderData.keyword} />
  ) : (
    <VideoPage data={loaderData} />
  );
}

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>['list'];
type VideoData = Extract<Route.ComponentProps['loaderData'], { kind: 'video' }>;

function VideoList({ list, keyword }: { list: ListData; keyword: string }) {
  const pageCount = Math.max(1, Math.ceil(list.total / list.perPage));
  const hrefFor = (page: number) =>
    `/videos?${new URLSearchParams({ ...(keyword ? { tim: keyword } : {}), page: String(page) })}`;
  return (
    <div className="video-page page-width">
      <header className="video-header">
        <p className="eyebrow">Thư viện</p>
        <h1>Video</h1>
        <p className="library-lead">Video bài giảng và đọc tụng có lời trên màn hình, xem ngay trên trang.</p>
      </header>
      <Form method="get" action="/videos" className="video-search" role="search" aria-label="Tìm video">
        <label htmlFor="video-tim" className="visually-hidden">
          Tìm video
        </label>
        <span className="video-search-field">
          <SearchIcon size={18} />
          <input
            id="video-tim"
            name="tim"
            type="search"
            defaultValue={keyword}
            placeholder="Tên video, người giảng… (gõ có dấu hay không dấu đều được)"
            maxLength={200}
          />
        </span>
        <button type="submit" className="button button-primary">
          Tìm
        </button>
      </Form>
      <p className="video-count" aria-live="polite" data-testid="video-count">
        {keyword
          ? `${formatNumber(list.total)} video có “${keyword}”`
          : list.total > 0
            ? `${formatNumber(list.total)} video`
            : ''}
        {keyword ? (
          <>
            {' · '}
            <Link to="/videos">Xem tất cả</Link>
          </>
        ) : null}
      </p>
      {list.items.length === 0 ? (
        <p className="search-empty">
          {keyword ? 'Không có video nào khớp với từ khoá này.' : 'Thư viện chưa có video nào.'}
        </p>
      ) : (
        <VideoGrid videos={list.items} />
      )}
      {pageCount > 1 ? <Pagination page={list.page} pageCount={pageCount} hrefFor={hrefFor} /> : null}
    </div>
  );
}

function VideoGrid({ videos }: { videos: Video[] }) {
  return (
    <ul className="video-grid" data-testid="video-grid">
      {videos.map((video) => (
        <li key={video.id}>
          <Link to={video.path} className="video-card">
            <span className="video-thumb">
              {video.thumbnailUrl ? (
                <img src={video.thumbnailUrl} alt="" loading="lazy" width={854} height={480} />
              ) : (
                <span className="video-thumb-blank" aria-hidden="true" />
              )}
              {video.duration ? <span className="video-duration">{formatClock(video.duration)}</span> : null}
              <span className="video-play-badge video-play-badge-small" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="20" height="20">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
              </span>
            </span>
            <span className="video-card-title">{video.title}</span>
            <span className="video-card-meta">
              {[video.speaker, formatDate(video.publishedAt)].filter(Boolean).join(' · ')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function VideoPage({ data: page }: { data: VideoData }) {
  const { video, cues, more, startAt } = page;
  return (
    <div className="video-page page-width">
      <nav className="breadcrumb" aria-label="Đường dẫn">
        <ol>
          <li>
            <Link to="/">Trang chủ</Link>
          </li>
          <li>
            <Link to="/videos">Video</Link>
          </li>
        </ol>
      </nav>
      <div className="video-layout">
        <article className="video-main" aria-labelledby="video-title">
          <VideoPlayer
            key={video.id}
            video={video}
            cues={cues}
            startAt={startAt}
            correctable={page.loggedIn}
            details={
              <>
                <h1 id="video-title" className="video-title">
                  {video.title}
                </h1>
                <p className="video-meta">
                  {[
                    video.speaker,
                    `đăng ngày ${formatDate(video.publishedAt)}`,
                    video.duration ? `dài ${formatClock(video.duration)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {video.url ? (
                    <>
                      {' · '}
                      <a href={video.url} download>
                        Tải về (MP4)
                      </a>
                    </>
                  ) : null}
                </p>
                {video.description ? <p className="video-description">{video.description}</p> : null}
                {video.license ? (
                  <p className="video-license">
                    Giấy phép:{' '}
                    <a href={video.license.url} target="_blank" rel="noopener noreferrer">
                      {video.license.name}
                    </a>
                    .{video.license.attribution ? ` ${video.license.attribution}` : ''}
                  </p>
                ) : null}
                {page.credits.length > 0 ? (
                  <p className="video-credit" data-testid="correction-credit">
                    Cảm ơn bạn đọc đã góp sửa lời video này: {page.credits.join(', ')}.
                  </p>
                ) : null}
              </>
            }
          />
        </article>
        {more.length > 0 ? (
          <aside className="video-more" aria-label="Video khác">
            <h2>Video khác</h2>
            <VideoGrid videos={more} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
