import { chapterPath } from '#common/paths.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChapterHeading } from '#common/contracts/book.schema.ts';
import { ChevronDownIcon, HeadphonesIcon, SearchIcon } from '#app/components/ui/icons.tsx';
import { chapterLabel } from './chapter-label.ts';
import { useKeepAwake, useWakeLock } from './use-wake-lock.ts';
import { FontSizeControl } from './font-size.tsx';
import { chapterPlace, progressLabels, useChapterProgress } from './use-reading-progress.ts';

// Theme, line spacing and the screen kept on: their controls load when the "Aa" panel first opens,
// with the book's "Lưu sách" (and its offline part) that sits in the panel too.
const ComfortOptions = lazy(() => import('./comfort-options.tsx').then((m) => ({ default: m.ComfortOptions })));
const SaveBookButton = lazy(() =>
  import('#app/components/books/save-book-button.tsx').then((m) => ({ default: m.SaveBookButton })),
);

// The chanting view: large text that scrolls by itself (decision 0031), loaded when first opened.
const ChantView = lazy(() => import('./chant-view.tsx').then((m) => ({ default: m.ChantView })));

// Most readers never search inside the book they read: its box loads on the first press.
const BookSearchBox = lazy(() =>
  import('#app/components/search/book-search-box.tsx').then((m) => ({ default: m.BookSearchBox })),
);

export interface ReaderBarProps {
  bookCode: string;
  chapter: { code: string; position: number };
  toc: ChapterHeading[];
  textRef: React.RefObject<HTMLElement | null>;
  fontLevel: number;
  onFontLevel: (level: number) => void;
  /** Whether the Chinese is shown beside the text; null when the chapter has none. */
  showHan: boolean | null;
  onShowHan: (show: boolean) => void;
  saved: boolean;
  loggedIn: boolean;
  loginPath: string;
}

/**
 * The reader's tools in one bar that stays at the top of the screen while the chapter is read and
 * slides away with the site's frame (use-auto-hiding-chrome.ts): contents, where the reader is,
 * search in the book, the Chinese, and a panel for the text size and the reading list.
 */
export function ReaderBar(props: ReaderBarProps) {
  const { bookCode, chapter, toc, showHan } = props;
  const [searchOpen, setSearchOpen] = useState(false);
  const [optionsOpened, setOptionsOpened] = useState(false);
  const [awake, setAwake] = useKeepAwake();
  // Read aloud by the browser's voice: its code loads on the first press (decision 0031).
  const [noVoice, setNoVoice] = useState(false);
  const [chant, setChant] = useState<{ html: string; title: string } | null>(null);
  // Chanting keeps the screen on whatever "Giữ màn hình sáng" says.
  useWakeLock(chant !== null);
  const openChant = () => {
    const text = props.textRef.current;
    if (text)
      setChant({
        html: text.innerHTML,
        title: text.closest<HTMLElement>('[data-chapter-title]')?.dataset.chapterTitle ?? '',
      });
  };
  const navigate = useNavigate();
  const listen = () =>
    void import('#app/components/read-aloud/read-aloud.ts')
      .then((m) => m.startReadAloud(navigate))
      .then((result) => setNoVoice(result !== 'started'));
  return (
    <div className="reader-bar" role="group" aria-label="Công cụ đọc" data-testid="reader-bar">
      <div className="reader-bar-row">
        {toc.length > 1 ? (
          // A new chapter starts with the contents folded again.
          <TableOfContents key={chapter.code} bookCode={bookCode} toc={toc} current={chapter.code} />
        ) : null}
        <ReadingProgress textRef={props.textRef} chapter={chapter} count={toc.length} />
        <button
          type="button"
          className="reader-bar-button"
          aria-expanded={searchOpen}
          aria-controls="reader-book-search"
          onClick={() => setSearchOpen(!searchOpen)}
        >
          <SearchIcon size={18} />
          <span className="reader-bar-label">Tìm trong sách</span>
        </button>
        <button type="button" className="reader-bar-button" onClick={listen} data-testid="read-aloud">
          <HeadphonesIcon size={18} />
          <span className="reader-bar-label">Nghe</span>
        </button>
        {showHan !== null ? (
          <button
            type="button"
            className="reader-bar-button reader-han-toggle"
            aria-pressed={showHan}
            onClick={() => props.onShowHan(!showHan)}
          >
            <span className="reader-han-glyph" aria-hidden="true" lang="zh-Hant">
              漢
            </span>
            <span className="reader-bar-label">{showHan ? 'Ẩn chữ Hán' : 'Hiện chữ Hán'}</span>
          </button>
        ) : null}
        <Dropdown className="reader-options" summary={<ReaderOptionsSummary />} onOpen={() => setOptionsOpened(true)}>
          <div className="reader-options-panel">
            <FontSizeControl level={props.fontLevel} onChange={props.onFontLevel} />
            {optionsOpened ? (
              <Suspense fallback={null}>
                <ComfortOptions awake={awake} onAwake={setAwake} onChant={openChant} />
                <SaveBookButton
                  bookCode={bookCode}
                  saved={props.saved}
                  loggedIn={props.loggedIn}
                  loginPath={props.loginPath}
                  className="reader-save"
                />
              </Suspense>
            ) : null}
          </div>
        </Dropdown>
      </div>
      {noVoice ? (
        <p className="reader-bar-note" role="status" data-testid="read-aloud-unavailable">
          Máy này chưa có giọng đọc tiếng Việt để nghe chương. Bạn có thể{' '}
          <Link to="/phap-am">nghe các bài pháp âm</Link> hoặc cài giọng tiếng Việt trong cài đặt của máy.
        </p>
      ) : null}
      {chant ? (
        <Suspense fallback={null}>
          <ChantView html={chant.html} title={chant.title} onClose={() => setChant(null)} />
        </Suspense>
      ) : null}
      {searchOpen ? (
        <div id="reader-book-search" className="reader-bar-search">
          <Suspense fallback={<p className="reader-bar-loading">Đang mở ô tìm…</p>}>
            <BookSearchBox key={bookCode} bookCode={bookCode} focusOnOpen />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

function ReaderOptionsSummary() {
  return (
    <>
      <span className="reader-options-glyph" aria-hidden="true">
        Aa
      </span>
      <span className="visually-hidden">Cỡ chữ và tùy chọn</span>
    </>
  );
}

/** "12 % · Chương 3/12" over "còn ~3 phút", and a thin line along the bar's lower edge. */
function ReadingProgress({
  textRef,
  chapter,
  count,
}: {
  textRef: React.RefObject<HTMLElement | null>;
  chapter: { code: string; position: number };
  count: number;
}) {
  const progress = useChapterProgress(textRef, chapter.code);
  const place = { position: chapter.position, count };
  // On the server (and before the page runs) only the chapter's place in the book is known.
  const labels = progress
    ? progressLabels(progress.percent, progress.words, place)
    : { percent: null, place: chapterPlace(place), left: null };
  return (
    <p className="reader-progress" data-testid="reading-progress">
      <span className="reader-progress-where">
        {labels.percent ? <span className="reader-progress-percent">{labels.percent}</span> : null}
        {labels.percent && labels.place ? ' · ' : null}
        {labels.place}
      </span>
      {labels.left ? <span className="reader-progress-left">{labels.left}</span> : null}
      <span
        className="reader-progress-line"
        aria-hidden="true"
        style={{ transform: `scaleX(${(progress?.percent ?? 0) / 100})` }}
      />
    </p>
  );
}

/** A folded list that opens under the bar and folds again on a press elsewhere or on Escape, as a menu would. */
function Dropdown({
  className,
  summary,
  children,
  onOpen,
}: {
  className: string;
  summary: React.ReactNode;
  children: React.ReactNode;
  onOpen?: (details: HTMLDetailsElement) => void;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
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
    <details className={className} ref={ref} onToggle={(e) => e.currentTarget.open && onOpen?.(e.currentTarget)}>
      <summary className="reader-bar-button">{summary}</summary>
      {children}
    </details>
  );
}

function TableOfContents({ bookCode, toc, current }: { bookCode: string; toc: ChapterHeading[]; current: string }) {
  return (
    <Dropdown
      className="reader-toc"
      onOpen={showCurrentChapter}
      summary={
        <>
          <ContentsGlyph />
          <span className="reader-toc-label">Mục lục</span>
          <span className="reader-toc-count">{toc.length} chương</span>
          <ChevronDownIcon size={16} className="reader-toc-chevron" />
        </>
      }
    >
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
    </Dropdown>
  );
}

/** Opens the contents at the chapter being read, in the middle of the list. */
function showCurrentChapter(details: HTMLDetailsElement) {
  const current = details.querySelector<HTMLElement>('[aria-current="page"]');
  const list = current?.closest('ol');
  if (current && list) list.scrollTop = current.offsetTop - list.clientHeight / 2;
}

/** A list with bullets: the contents (not the three bars of the site's menu just above). */
function ContentsGlyph() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </svg>
  );
}
