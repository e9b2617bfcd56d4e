import { chapterPath } from '#common/paths.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Link, redirect, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { HIGHLIGHT_COLORS, ZNoteAnchorSchema, ZUpdateNoteRequestSchema } from '#common/contracts/note.schema.ts';
import { SITE_NAME } from '#common/constants.ts';
import type { ChapterHeading, ChapterView } from '#common/contracts/book.schema.ts';
import { BOOK_LIBRARY_PATH } from '#app/components/layout/menu.ts';
import { ArrowRightIcon, ChevronDownIcon, ExternalIcon, SearchIcon } from '#app/components/ui/icons.tsx';
import { capitalizeFirst } from '#app/lib/format.ts';
import { SaveBookButton } from '#app/components/books/save-book-button.tsx';
import { ReaderAnnotations } from '#app/components/reader/annotations.tsx';
import { FontSizeControl, fontSizeOf, useFontLevel } from '#app/components/reader/font-size.tsx';
import { ShareButtons } from '#app/components/reader/share-buttons.tsx';
import { useReadingProgress } from '#app/components/reader/use-reading-progress.ts';
import { useSearchHighlight } from '#app/components/reader/search-highlight.ts';
import { BookSearchBox } from '#app/components/search/book-search-box.tsx';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { noteGroupStore } from '#app/lib/note-group-store.ts';
import { getCurrentUser, requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/chapter';
import '#app/styles/reader.css';
import '#app/styles/search.css';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const view = await context.services.books.getChapter(params.chapterCode);
  if (!view) throw data('Not Found', { status: 404 });
  // The second segment only names the book for people and search engines: keep one address per chapter.
  if (params.parentDocSlug !== undefined && params.parentDocSlug !== view.book.code) {
    throw redirect(chapterPath(view.chapter.code, view.book.code), 301);
  }
  const user = await getCurrentUser(request, context);
  const [notes, saved, groups] = user
    ? await Promise.all([
        context.services.notes.listOfBook(user.id, view.book.code),
        context.services.favorites.isSaved(user.id, view.book.code),
        context.services.noteGroups.list(user.id),
      ])
    : [[], false, []];
  return {
    ...view,
    notes: notes.filter((n) => n.chapterCode === view.chapter.code),
    // The groups a new highlight may go into (the popup offers the most recent first).
    noteGroups: groups.map(({ id, name }) => ({ id, name })),
    saved,
    loggedIn: user !== null,
    url: `${context.services.site.originFor(request.url)}${chapterPath(view.chapter.code, view.book.code)}`,
    image: `${context.services.site.originFor(request.url)}${view.book.coverImage ?? '/og-image.png'}`,
  };
}

const ZHighlightForm = z.object({
  bookCode: z.string(),
  chapterCode: z.string(),
  color: z.enum(HIGHLIGHT_COLORS),
  content: z.string(),
  // "" is "no group"; another reader's group is refused by the service (404).
  noteGroupId: z.preprocess(
    (v) => (v === undefined || v === '' ? null : Number(v)),
    z.number().int().positive().nullable(),
  ),
  anchor: z.string().transform((s, ctx) => {
    const parsed = ZNoteAnchorSchema.safeParse(
      (() => {
        try {
          return JSON.parse(s);
        } catch {
          return null;
        }
      })(),
    );
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Vị trí đánh dấu không hợp lệ' });
      return z.NEVER;
    }
    return parsed.data;
  }),
});

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
  const { book, chapter } = loaderData;
  const title = `${chapterLabel(chapter)} — ${book.title} — ${SITE_NAME}`;
  const description = excerpt(`${chapterLabel(chapter)}, ${book.title}: ${firstParagraphText(chapter.bodyHtml)}`);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: `${chapterLabel(chapter)} — ${book.title}` },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:locale', content: 'vi_VN' },
    { property: 'og:url', content: loaderData.url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:image', content: loaderData.image },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:image', content: loaderData.image },
    { name: 'twitter:title', content: `${chapterLabel(chapter)} — ${book.title}` },
    { name: 'twitter:description', content: description },
    { tagName: 'link', rel: 'canonical', href: loaderData.url },
  ];
}

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
  const [searchOpen, setSearchOpen] = useState(false);
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
  const verses = useMemo(
    () => (chapter.parallelHtml ? pairParagraphs(chapter.bodyHtml, chapter.parallelHtml) : null),
    [chapter.bodyHtml, chapter.parallelHtml],
  );
  const { license } = book;
  const eyebrow = [toc.length > 1 ? `Chương ${chapter.position} / ${toc.length}` : null, chapter.section]
    .filter(Boolean)
    .join(' · ');

  return (
    // The chosen size sets the whole column, so its measure (68ch) stays comfortable at every size.
    <article className="reader" aria-labelledby="chapter-title" style={fontStyle(fontLevel)}>
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

        {eyebrow ? <p className="eyebrow reader-eyebrow">{eyebrow}</p> : null}
        <h1 id="chapter-title" className="reader-title">
          {chapterLabel(chapter)}
          {chapter.titleOriginal ? (
            <span className="reader-title-han" lang="zh-Hant">
              {chapter.titleOriginal}
            </span>
          ) : null}
        </h1>
        <p className="reader-book">
          <span className="reader-book-title">{book.title}</span>
          {book.titleOriginal ? (
            <span className="reader-book-han" lang="zh-Hant">
              {book.titleOriginal}
            </span>
          ) : null}
        </p>
        {book.author ? <p className="reader-author">{book.author}</p> : null}

        <div className="reader-tools">
          {toc.length > 1 ? (
            // A new chapter starts with the contents folded again.
            <TableOfContents key={chapter.code} bookCode={book.code} toc={toc} current={chapter.code} />
          ) : (
            <span />
          )}
          <div className="reader-tools-end">
            <button
              type="button"
              className="button button-ghost reader-search-toggle"
              aria-expanded={searchOpen}
              aria-controls="reader-book-search"
              onClick={() => setSearchOpen(!searchOpen)}
            >
              <SearchIcon size={16} /> Tìm trong sách
            </button>
            <FontSizeControl level={fontLevel} onChange={setFontLevel} />
            <SaveBookButton
              bookCode={book.code}
              saved={saved}
              loggedIn={loggedIn}
              loginPath={loginPath}
              className="reader-save"
            />
            {verses ? (
              <button
                type="button"
                className="button button-ghost reader-han-toggle"
                aria-pressed={showHan}
                onClick={() => setShowHan(!showHan)}
              >
                <span className="reader-han-glyph" aria-hidden="true" lang="zh-Hant">
                  漢
                </span>
                {showHan ? 'Ẩn chữ Hán' : 'Hiện chữ Hán'}
              </button>
            ) : null}
          </div>
        </div>
        {searchOpen ? (
          <div id="reader-book-search">
            <BookSearchBox key={book.code} bookCode={book.code} autoFocus={searchOpen} />
          </div>
        ) : null}
      </header>

      {/*
        bodyHtml and parallelHtml are written by our own importer (server/lib/html.ts): plain text,
        HTML-escaped, wrapped in <p id="p-N">. Nothing a reader or a third party typed reaches it
        unescaped, so it is inserted as is — which keeps the #p-N anchors for links to a passage.
      */}
      {verses ? (
        <div className="reader-text" ref={textRef} data-han={showHan ? 'on' : 'off'} data-testid="chapter-text">
          {verses.map((verse, i) => (
            <div className="reader-verse" key={i}>
              <div className="reader-vi" dangerouslySetInnerHTML={{ __html: verse.vi }} />
              {verse.han ? (
                <div className="reader-han" hidden={!showHan} dangerouslySetInnerHTML={{ __html: verse.han }} />
              ) : null}
            </div>
          ))}
        </div>
      ) : (
        <div
          className="reader-text"
          ref={textRef}
          data-testid="chapter-text"
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
        <ShareButtons url={loaderData.url} title={`${chapterLabel(chapter)} — ${book.title}`} />
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

function fontStyle(level: number): React.CSSProperties {
  return { '--reader-size': `${fontSizeOf(level)}px` } as React.CSSProperties;
}

function TableOfContents({ bookCode, toc, current }: { bookCode: string; toc: ChapterHeading[]; current: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // Folds the open list on a click elsewhere or on Escape, as a menu would.
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (e: Event) => {
      if (!details.open) return;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !details.contains(e.target as Node)) {
        details.open = false;
        if (e instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  return (
    <details className="reader-toc" ref={ref}>
      <summary className="button button-ghost">
        Mục lục <span className="reader-toc-count">{toc.length} chương</span>
        <ChevronDownIcon size={16} className="reader-toc-chevron" />
      </summary>
      {/* Two columns on wide screens, read down the first column then the second. */}
      <ol className="reader-toc-list" style={{ '--toc-rows': Math.ceil(toc.length / 2) } as React.CSSProperties}>
        {toc.map((entry) => (
          <li key={entry.code}>
            <Link to={chapterPath(entry.code, bookCode)} aria-current={entry.code === current ? 'page' : undefined}>
              <span className="reader-toc-number">{entry.position}</span>
              <span>{chapterLabel(entry)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </details>
  );
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

/** A chapter's name as shown: its title, or "Chương N" when it has none. */
function chapterLabel(chapter: Pick<ChapterView['chapter'], 'position' | 'title'>): string {
  return chapter.title ? capitalizeFirst(chapter.title) : `Chương ${chapter.position}`;
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
