import { positiveIdOf } from '#app/lib/params.ts';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { data, Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { DEFAULT_AUDIO_PAGE_SIZE } from '#common/contracts/audio.schema.ts';
import { ZCreateBookmarkSchema } from '#common/contracts/bookmark.schema.ts';
import { ZCreateCorrectionRequestSchema } from '#common/contracts/correction.schema.ts';
import { AddToPlaylist } from '#app/components/audio/add-to-playlist.tsx';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { SlowPart } from '#app/components/ui/slow-part.tsx';
import { withBudget } from '#app/lib/budget.server.ts';
import { getCurrentUser, requireCurrentUser } from '#app/lib/session.server.ts';
import { collectionPath, talkPath } from '#common/paths.ts';
import { talkPlaybackCode } from '#common/playback.ts';
import { TalkPlayer } from '#app/components/audio/talk-player.tsx';
import { formatClock } from '#common/clock.ts';
import { HeadphonesIcon } from '#app/components/ui/icons.tsx';
import { formatDate, formatDuration, formatNumber } from '#app/lib/format.ts';
import type { Route } from './+types/audio';
import '#app/styles/audio.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';
import { headTags } from '#app/lib/page-head.ts';
import { talkHead } from '#app/lib/structured-data.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (params.id === undefined) {
    const page = positiveIdOf(url.searchParams.get('page')) ?? 1;
    return { kind: 'list' as const, list: await context.services.audio.listCollections(page, DEFAULT_AUDIO_PAGE_SIZE) };
  }
  const id = positiveIdOf(params.id);
  const found = id
    ? await context.services.audio.findCollectionPage(id, positiveIdOf(url.searchParams.get('nghe')))
    : null;
  if (!found) throw data('Not Found', { status: 404 });
  const t = url.searchParams.get('t');
  const startAt = t !== null && /^\d{1,6}$/.test(t) ? Number(t) : null;
  const user = await getCurrentUser(request, context);
  // The account's bookmarks, playlists and place in this talk are secondary: within their budget, or left out.
  const talkCode = found.current ? talkPlaybackCode(found.current.id) : null;
  const own = user
    ? await withBudget(
        context,
        Promise.all([
          found.current ? context.services.bookmarks.list(user.id, found.current.id) : null,
          context.services.playlists.list(user.id),
          talkCode ? context.services.playback.list(user.id) : null,
        ]),
      )
    : null;
  const [foundBookmarks, foundPlaylists, positions] = own?.ok ? own.value : [null, null, null];
  const bookmarks = foundBookmarks;
  const playlists = foundPlaylists ? foundPlaylists.map((p) => ({ id: p.id, name: p.name })) : null;
  // Where the account stopped in this talk (listened to on another device).
  const accountAt = talkCode ? (positions?.find((e) => e.code === talkCode)?.currentTime ?? null) : null;
  const slow = own !== null && !own.ok;
  // The readers whose corrections of this talk's transcript were accepted, thanked under it (decision 0031).
  const thanked = found.current
    ? await withBudget(context, context.services.corrections.creditsFor('talk', found.current.id))
    : null;
  const credits = thanked?.ok ? thanked.value : [];
  const loginPath = `/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
  const namesTalk = found.current !== null && found.current.id === positiveIdOf(url.searchParams.get('nghe'));
  const head = talkHead(found, namesTalk, context.services.site.originFor(request.url));
  return {
    kind: 'collection' as const,
    ...found,
    startAt,
    bookmarks,
    playlists,
    loginPath,
    accountAt,
    slow,
    head,
    credits,
    loggedIn: user !== null,
  };
}

/** Bookmarks (add one at a moment, or remove one) and corrections of a transcript line (logged-in readers). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'suggest-correction') {
      // "Báo lỗi / Đề xuất sửa" (decision 0031): the same contract and service as POST /corrections.
      const input = ZCreateCorrectionRequestSchema.safeParse({
        talkId: Number(form.get('talkId')),
        line: Number(form.get('line')),
        proposedText: form.get('proposedText'),
        note: form.get('note') || null,
      });
      if (!input.success) {
        return data({ error: input.error.issues[0]?.message ?? 'Đề xuất chưa hợp lệ.' }, { status: 400 });
      }
      const correction = await context.services.corrections.create(user.id, input.data);
      return { correction: { id: correction.id } };
    }
    if (form.get('intent') === 'add-bookmark') {
      const parsed = ZCreateBookmarkSchema.safeParse({
        audioId: form.get('audioId'),
        time: Number(form.get('time')),
      });
      if (!parsed.success) return data({ ok: false, error: parsed.error.issues[0]?.message ?? null }, { status: 400 });
      await context.services.bookmarks.create(user.id, parsed.data);
    } else {
      await context.services.bookmarks.remove(user.id, Number(form.get('id')));
    }
    return { ok: true, error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  if (loaderData.kind === 'list') {
    return [
      { title: `Pháp âm — ${SITE_NAME}` },
      { name: 'description', content: 'Các tuyển tập pháp âm: nghe bài giảng, đọc tụng kèm lời theo từng câu.' },
    ];
  }
  const { head } = loaderData;
  return [
    { title: `${head.title} — Pháp âm — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    ...headTags(head),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${loaderData.collection.title} (podcast)`,
      href: `/phap-am/${loaderData.collection.id}/rss`,
    },
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function AudioPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'list' ? <CollectionList list={loaderData.list} /> : <CollectionPage data={loaderData} />;
}

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>['list'];
type CollectionData = Extract<Route.ComponentProps['loaderData'], { kind: 'collection' }>;

function CollectionList({ list }: { list: ListData }) {
  const pageCount = Math.max(1, Math.ceil(list.total / list.perPage));
  return (
    <div className="audio-page page-width">
      <header className="audio-header">
        <p className="eyebrow">Thư viện</p>
        <h1>Pháp âm</h1>
        <p className="library-lead">Nghe bài giảng và đọc tụng, có lời theo từng câu để nghe theo.</p>
      </header>
      {list.items.length === 0 ? (
        <p className="search-empty">Chưa có tuyển tập pháp âm nào.</p>
      ) : (
        <ul className="audio-collections">
          {list.items.map((collection) => (
            <li key={collection.id}>
              <Link to={collectionPath(collection.id)} className="audio-collection-card">
                <span className="audio-collection-icon" aria-hidden="true">
                  <HeadphonesIcon size={26} />
                </span>
                <span className="audio-collection-body">
                  <span className="audio-collection-title">{collection.title}</span>
                  {collection.description ? (
                    <span className="audio-collection-text">{collection.description}</span>
                  ) : null}
                  <span className="audio-collection-meta">
                    {formatNumber(collection.talkCount)} bài · {formatDuration(collection.totalSeconds)}
                    {collection.speaker ? ` · ${collection.speaker}` : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <Pagination page={list.page} pageCount={pageCount} hrefFor={(page) => `/phap-am?page=${page}`} />
      ) : null}
    </div>
  );
}

function CollectionPage({ data: page }: { data: CollectionData }) {
  const { collection, talks, current, cues, startAt } = page;
  return (
    <div className="audio-page page-width">
      {page.slow ? <SlowPart /> : null}
      <nav className="breadcrumb" aria-label="Đường dẫn">
        <ol>
          <li>
            <Link to="/">Trang chủ</Link>
          </li>
          <li>
            <Link to="/phap-am">Pháp âm</Link>
          </li>
        </ol>
      </nav>
      <header className="audio-header">
        <h1>{collection.title}</h1>
        {collection.description ? <p className="library-lead">{collection.description}</p> : null}
        <p className="audio-collection-meta">
          {formatNumber(collection.talkCount)} bài · {formatDuration(collection.totalSeconds)}
          {collection.speaker ? ` · ${collection.speaker}` : ''} ·{' '}
          <a href={`/phap-am/${collection.id}/rss`}>Nghe bằng ứng dụng podcast (RSS)</a>
        </p>
      </header>

      <div className="audio-layout">
        {current ? (
          <article className="audio-current" aria-labelledby="talk-title">
            <h2 id="talk-title">{current.title}</h2>
            {current.description ? <p className="audio-current-text">{current.description}</p> : null}
            {startAt !== null ? (
              <p className="audio-start-note">Mở tại {formatClock(startAt)} — bấm phát để nghe từ đó.</p>
            ) : null}
            <TalkPlayer
              key={current.id}
              talk={current}
              queue={talks.map((t) => ({ ...t, pageUrl: talkPath(collection.id, t.id), albumTitle: collection.title }))}
              index={Math.max(
                0,
                talks.findIndex((t) => t.id === current.id),
              )}
              cues={cues}
              chapters={page.chapters}
              startAt={startAt}
              bookmarks={page.bookmarks}
              accountAt={page.accountAt}
              loginPath={page.loginPath}
              correctable={page.loggedIn}
            />
            {page.credits.length > 0 ? (
              <p className="correction-credit" data-testid="correction-credit">
                Cảm ơn bạn đọc đã góp sửa lời bài giảng này: {page.credits.join(', ')}.
              </p>
            ) : null}
            {page.playlists ? <AddToPlaylist talkId={current.id} playlists={page.playlists} /> : null}
            <p className="audio-meta">
              {[current.speaker, current.recordedOn ? `ghi ngày ${formatDate(current.recordedOn)}` : null]
                .filter(Boolean)
                .join(' · ')}
              {' · '}
              <a href={current.url} download>
                Tải về (MP3)
              </a>
            </p>
            <TalkOffline talk={current} />
            {current.license ? (
              <p className="audio-license">
                Giấy phép:{' '}
                <a href={current.license.url} target="_blank" rel="noopener noreferrer">
                  {current.license.name}
                </a>
                .{current.license.attribution ? ` ${current.license.attribution}` : ''}
              </p>
            ) : null}
          </article>
        ) : (
          <p className="search-empty">Tuyển tập này chưa có bài nào.</p>
        )}

        <section className="audio-talks" aria-label="Các bài trong tuyển tập">
          <h2>Các bài</h2>
          <ol>
            {talks.map((talk, i) => (
              <li key={talk.id}>
                <Link
                  to={talkPath(collection.id, talk.id)}
                  className="audio-talk"
                  aria-current={talk.id === current?.id ? 'true' : undefined}
                  preventScrollReset
                >
                  <span className="audio-talk-number">{i + 1}</span>
                  <span className="audio-talk-title">{talk.title}</span>
                  <span className="audio-talk-duration">{formatClock(talk.duration)}</span>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

/**
 * "Tải để nghe ngoại tuyến" (decision 0030): a link to the downloads page, which downloads the talk
 * with its progress. The talk page itself carries no download code: a reader who never downloads
 * loads nothing more (the player bar plays on across the visit).
 */
function TalkOffline({ talk }: { talk: CollectionData['talks'][number] }) {
  const to = `/tai-ve?${new URLSearchParams({ 'bai-giang': String(talk.id), 'tuyen-tap': String(talk.collectionId) })}`;
  return (
    <p className="offline-download">
      <Link to={to} className="button button-ghost">
        Tải để nghe ngoại tuyến ({formatNumber(Math.max(0.1, Math.round(talk.sizeBytes / 100_000) / 10))} MB)
      </Link>
    </p>
  );
}
