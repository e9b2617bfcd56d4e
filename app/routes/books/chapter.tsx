import { chapterPath, quoteCardPath } from '#common/paths.ts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { data, Link, redirect, useLocation, useSearchParams } from 'react-router';
import { ZUpdateNoteRequestSchema } from '#common/contracts/note.schema.ts';
import { ZCreateCorrectionRequestSchema } from '#common/contracts/correction.schema.ts';
import { MAX_PAGE_SIZE, SITE_NAME } from '#common/constants.ts';
import { BOOK_LIBRARY_PATH } from '#app/components/layout/menu.ts';
import { ArrowRightIcon, ExternalIcon } from '#app/components/ui/icons.tsx';
import { ReaderAnnotations } from '#app/components/reader/annotations.tsx';
import { chapterLabel } from '#app/components/reader/chapter-label.ts';
import { fontSizeOf, useFontLevel } from '#app/components/reader/font-size.tsx';
import { ReaderBar } from '#app/components/reader/reader-bar.tsx';
import { ShareButtons } from '#app/components/reader/share-buttons.tsx';
import { useReadingProgress } from '#app/components/reader/use-reading-progress.ts';
import { useSearchHighlight } from '#app/components/reader/search-highlight.ts';
import { useAutoHidingChrome } from '#app/components/reader/use-auto-hiding-chrome.ts';
import { collectAllPages } from '#app/lib/all-pages.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { ZHighlightForm } from '#app/lib/highlight-form.server.ts';
import { noteGroupStore } from '#app/lib/note-group-store.ts';
import { SlowPart } from '#app/components/ui/slow-part.tsx';
import { withBudget } from '#app/lib/budget.server.ts';
import { getCurrentUser, requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/chapter';
import '#app/styles/reader.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';
import { headTags, type PageHead } from '#app/lib/page-head.ts';
import { chapterHead } from '#app/lib/structured-data.server.ts';

// The aligned Chinese, its look-up and the simplified switch load only when the reader shows the Chinese.
const HanStudy = lazy(() => import('#app/components/reader/han-study.tsx').then((m) => ({ default: m.HanStudy })));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const view = await context.services.books.getChapter(params.chapterCode);
  if (!view) throw data('Not Found', { status: 404 });
  // The second segment only names the book for people and search engines: keep one address per chapter.
  if (params.parentDocSlug !== undefined && params.parentDocSlug !== view.book.code) {
    throw redirect(chapterPath(view.chapter.code, view.book.code), 301);
  }
  const user = await getCurrentUser(request, context);
  // The reader's highlights, notes and groups are secondary: within their budget, or left out with a retry.
  const own = user
    ? await withBudget(
        context,
        Promise.all([
          // Every highlight of this chapter, a bounded page at a time.
          collectAllPages((page) =>
            context.services.notes.listOfBook(
              user.id,
              view.book.code,
              { page, perPage: MAX_PAGE_SIZE },
              view.chapter.code,
            ),
          ),
          context.services.favorites.isSaved(user.id, view.book.code),
          context.services.noteGroups.list(user.id),
        ]),
      )
    : null;
  const [notes, saved, groups] = own?.ok ? own.value : [[], false, []];
  // The readers whose corrections of this chapter were accepted, thanked under it (decision 0031).
  const credits = await withBudget(context, context.services.corrections.creditsOfChapter(view.chapter.code));
  const origin = context.services.site.originFor(request.url);
  const head = chapterHead(
    view,
    excerpt(`${chapterLabel(view.chapter)}, ${view.book.title}: ${firstParagraphText(view.chapter.bodyHtml)}`),
    origin,
  );
  return {
    ...view,
    notes,
    // The groups a new highlight may go into (the popup offers the most recent first).
    noteGroups: groups.map(({ id, name }) => ({ id, name })),
    saved,
    credits: credits.ok ? credits.value : [],
    loggedIn: user !== null,
    slow: own !== null && !own.ok,
    head: await withSharedPassage(head, new URL(request.url), view.chapter.code, origin, context),
  };
}

/**
 * A shared passage (`?doan=p-3&tu=0&den=40`, from a quote card's link): link previews show its
 * card and its words. Any other or broken value leaves the chapter's own head.
 */
async function withSharedPassage(
  head: PageHead,
  url: URL,
  chapterCode: string,
  origin: string,
  context: Route.LoaderArgs['context'],
): Promise<PageHead> {
  const paragraph = url.searchParams.get('doan');
  if (!paragraph || !/^p-\d{1,5}$/.test(paragraph)) return head;
  const [start, end] = ['tu', 'den']
    .map((k) => url.searchParams.get(k))
    .map((v) => (v && /^\d{1,6}$/.test(v) ? Number(v) : undefined));
  const range = start !== undefined && end !== undefined ? { paragraph, start, end } : { paragraph };
  try {
    const { quote } = await context.services.quoteCards.passageOf(chapterCode, range);
    return {
      ...head,
      description: excerpt(`“${quote}”`),
      image: `${origin}${quoteCardPath(chapterCode, range)}`,
      card: 'summary_large_image',
    };
  } catch {
    return head;
  }
}

/** Highlights and notes, for the logged-in reader (anonymous readers go to login). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = Object.fromEntries(await request.formData());
  try {
    switch (form.intent) {
      case 'highlight': {
        const input = ZHighlightForm.safeParse(form);
        if (!input.success) return data({ error: 'Không đánh dấu được đoạn này.' }, { status: 400 });
        return { note: await context.services.notes.create(user.id, input.data) };
      }
      case 'update-note': {
        const input = ZUpdateNoteRequestSchema.safeParse({
          color: form.color,
          body: form.body ?? null,
          // The note panel offers the reader's groups only when they have some.
          ...(typeof form.noteGroupId === 'string'
            ? { noteGroupId: form.noteGroupId === '' ? null : Number(form.noteGroupId) }
            : {}),
        });
        if (!input.success) return data({ error: 'Ghi chú chưa hợp lệ.' }, { status: 400 });
        return { note: await context.services.notes.update(user.id, Number(form.noteId), input.data) };
      }
      case 'delete-note':
        await context.services.notes.remove(user.id, Number(form.noteId));
        return { deleted: true };
      case 'suggest-correction': {
        // "Báo lỗi / Đề xuất sửa" (decision 0031): the same contract and service as POST /corrections.
        const input = ZCreateCorrectionRequestSchema.safeParse({
          chapterCode: form.chapterCode,
          anchor: form.anchor,
          proposedText: form.proposedText,
          note: form.note || null,
        });
        if (!input.success) {
          return data({ error: input.error.issues[0]?.message ?? 'Đề xuất chưa hợp lệ.' }, { status: 400 });
        }
        const correction = await context.services.corrections.create(user.id, input.data);
        return { correction: { id: correction.id } };
      }
      default:
        return data({ error: 'Yêu cầu không hợp lệ.' }, { status: 400 });
    }
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ error: failure.data.message ?? 'Yêu cầu không hợp lệ.' }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Không tìm thấy trang — ${SITE_NAME}` }];
  const { head } = loaderData;
  return [
    { title: `${head.title} — ${SITE_NAME}` },
    { name: 'description', content: head.description },
    ...headTags(head),
  ];
}

// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function ChapterPage({ loaderData }: Route.ComponentProps) {
  const { book, chapter, toc, previous, next, notes, saved, loggedIn, noteGroups } = loaderData;
  useEffect(() => {
    if (loggedIn) noteGroupStore.setAllNoteGroups(noteGroups);
  }, [loggedIn, noteGroups]);
  const [showHan, setShowHan] = useHanPreference();
  const [fontLevel, setFontLevel] = useFontLevel();
  const textRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const loginPath = `/login?${new URLSearchParams({ redirectTo: location.pathname }).toString()}`;
  const [searchParams] = useSearchParams();
  const searchedFor = searchParams.get('tim');
  useSearchHighlight(textRef, searchedFor, `${chapter.code}:${showHan ? 'han' : ''}`);
  useReadingProgress(
    textRef,
    {
      bookCode: book.code,
      bookTitle: book.title,
      chapterCode: chapter.code,
      chapterTitle: chapter.title,
      chapterPosition: chapter.position,
    },
    loggedIn,
  );
  useAutoHidingChrome(textRef);
  const verses = useMemo(
    () => (chapter.parallelHtml ? pairParagraphs(chapter.bodyHtml, chapter.parallelHtml) : null),
    [chapter.bodyHtml, chapter.parallelHtml],
  );
  const { license } = book;

  return (
    // The chosen size sets the whole column, so its measure (68ch) stays comfortable at every size.
    // data-content-sha256: what a downloaded copy of this page is checked against (app/lib/offline-books.ts).
    <article
      className="reader"
      aria-labelledby="chapter-title"
      style={fontStyle(fontLevel)}
      data-content-sha256={chapter.contentSha256}
      data-chapter-code={chapter.code}
      data-chapter-title={chapterLabel(chapter)}
    >
      {loaderData.slow ? <SlowPart /> : null}
      <header className="reader-header">
        <nav className="breadcrumb" aria-label="Đường dẫn">
          <ol>
            <li>
              <Link to="/">Trang chủ</Link>
            </li>
            <li>
              <Link to={BOOK_LIBRARY_PATH}>Kinh sách</Link>
            </li>
            <li>
              <Link to={`/sach/${book.code}`}>{book.title}</Link>
            </li>
          </ol>
        </nav>

        {/* The chapter's place in the book is said in the reader's bar below. */}
        {chapter.section ? <p className="eyebrow reader-eyebrow">{chapter.section}</p> : null}
        <h1 id="chapter-title" className="reader-title">
          {chapter.title && book.language ? (
            <span lang={book.language} dir={book.direction ?? undefined}>
              {chapterLabel(chapter)}
            </span>
          ) : (
            chapterLabel(chapter)
          )}
          {chapter.titleOriginal ? (
            <span className="reader-title-han" lang="zh-Hant">
              {chapter.titleOriginal}
            </span>
          ) : null}
        </h1>
        <p className="reader-book">
          <span className="reader-book-title" lang={book.language ?? undefined} dir={book.direction ?? undefined}>
            {book.title}
          </span>
          {book.titleOriginal ? (
            <span className="reader-book-han" lang="zh-Hant">
              {book.titleOriginal}
            </span>
          ) : null}
        </p>
        {book.author ? <p className="reader-author">{book.author}</p> : null}
      </header>
      <ReaderBar
        bookCode={book.code}
        chapter={chapter}
        toc={toc}
        textRef={textRef}
        fontLevel={fontLevel}
        onFontLevel={setFontLevel}
        showHan={verses ? showHan : null}
        onShowHan={setShowHan}
        saved={saved}
        loggedIn={loggedIn}
        loginPath={loginPath}
      />

      {/*
        bodyHtml and parallelHtml are written by our importers: the demo's plain text HTML-escaped
        in <p id="p-N"> (server/lib/html.ts), an imported file's HTML through the sanitiser
        (server/lib/sanitize-html.ts). Nothing a reader typed reaches it unescaped, so it is
        inserted as is — which keeps the #p-N anchors for links to a passage. The book's language
        and direction are set on the text (an Arabic book reads right to left inside a Vietnamese page).
      */}
      {verses ? (
        <div className="reader-text" ref={textRef} data-han={showHan ? 'on' : 'off'} data-testid="chapter-text">
          {showHan ? (
            <Suspense fallback={<Verses verses={verses} showHan />}>
              <HanStudy verses={verses} />
            </Suspense>
          ) : (
            <Verses verses={verses} showHan={false} />
          )}
        </div>
      ) : (
        <div
          className="reader-text"
          ref={textRef}
          data-testid="chapter-text"
          lang={book.language ?? undefined}
          dir={book.direction ?? undefined}
          dangerouslySetInnerHTML={{ __html: chapter.bodyHtml }}
        />
      )}
      <ReaderAnnotations
        containerRef={textRef}
        notes={notes}
        loggedIn={loggedIn}
        bookCode={book.code}
        chapterCode={chapter.code}
        loginPath={loginPath}
      />

      <footer className="reader-footer">
        <ShareButtons url={loaderData.head.url} title={`${chapterLabel(chapter)} — ${book.title}`} />
        {previous || next ? (
          <nav className="reader-pager" aria-label="Chương trước và chương sau">
            {previous ? (
              <Link to={chapterPath(previous.code, book.code)} rel="prev" className="reader-pager-link">
                <span className="reader-pager-label">
                  <ArrowRightIcon size={16} className="icon-flip" /> Chương trước
                </span>
                <span className="reader-pager-title">{chapterLabel(previous)}</span>
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link to={chapterPath(next.code, book.code)} rel="next" className="reader-pager-link reader-pager-next">
                <span className="reader-pager-label">
                  Chương sau <ArrowRightIcon size={16} />
                </span>
                <span className="reader-pager-title">{chapterLabel(next)}</span>
              </Link>
            ) : null}
          </nav>
        ) : null}

        {loaderData.credits.length > 0 ? (
          <p className="correction-credit" data-testid="correction-credit">
            Cảm ơn bạn đọc đã góp sửa lỗi chương này: {loaderData.credits.join(', ')}.
          </p>
        ) : null}
        <section className="reader-license" aria-label="Nguồn và giấy phép" data-testid="chapter-license">
          {license.attribution ? <p>{license.attribution}</p> : null}
          <p>
            Giấy phép:{' '}
            {license.url ? (
              <a href={license.url} rel="license noopener" target="_blank">
                {license.name}
              </a>
            ) : (
              license.name
            )}
            {license.sourceUrl ? (
              <>
                {' · '}
                <a href={license.sourceUrl} rel="noopener" target="_blank" className="reader-source">
                  Nguồn <ExternalIcon size={14} />
                </a>
              </>
            ) : null}
          </p>
        </section>
      </footer>
    </article>
  );
}

/** Each Hán-Việt paragraph with its Chinese under or beside it (hidden until asked for). */
function Verses({ verses, showHan }: { verses: { vi: string; han: string | null }[]; showHan: boolean }) {
  return verses.map((verse, i) => (
    <div className="reader-verse" key={i}>
      <div className="reader-vi" dangerouslySetInnerHTML={{ __html: verse.vi }} />
      {verse.han ? (
        <div className="reader-han" hidden={!showHan} dangerouslySetInnerHTML={{ __html: verse.han }} />
      ) : null}
    </div>
  ));
}

function fontStyle(level: number): React.CSSProperties {
  return { '--reader-size': `${fontSizeOf(level)}px` } as React.CSSProperties;
}

const HAN_PREFERENCE_KEY = 'phap-bao:reader-han';

/** Whether the Chinese is shown: off on the server, then the reader's last choice (kept in this browser). */
function useHanPreference(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(false);
  useEffect(() => {
    try {
      if (localStorage.getItem(HAN_PREFERENCE_KEY) === 'on') setShow(true);
    } catch {
      // Storage may be unavailable (private mode): the toggle still works for this page.
    }
  }, []);
  const update = (value: boolean) => {
    setShow(value);
    try {
      localStorage.setItem(HAN_PREFERENCE_KEY, value ? 'on' : 'off');
    } catch {
      // See above.
    }
  };
  return [show, update];
}

/** The `<p>` elements of importer-made HTML (their text is escaped, so `</p>` cannot occur inside one). */
function splitParagraphs(html: string): string[] {
  return html.match(/<p\b[^>]*>[\s\S]*?<\/p>/g) ?? [];
}

/**
 * Each Hán-Việt paragraph with the Chinese paragraph of the same rank. The Chinese loses its id so
 * that #p-N keeps pointing at the Hán-Việt paragraph.
 */
function pairParagraphs(bodyHtml: string, parallelHtml: string): { vi: string; han: string | null }[] {
  const vi = splitParagraphs(bodyHtml);
  const han = splitParagraphs(parallelHtml).map((p) => p.replace(/^<p\b([^>]*?)\s+id="[^"]*"/, '<p$1'));
  return vi.map((p, i) => ({ vi: p, han: han[i] ?? null }));
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function firstParagraphText(html: string): string {
  const first = splitParagraphs(html)[0] ?? '';
  return first.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
}

/** At most ~160 characters, cut at a word boundary. */
function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.\s]+$/, '')}…`;
}
