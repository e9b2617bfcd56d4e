import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { type AlignedSentence, alignParagraph, bareReading, hanCharOf } from '#common/text/han-alignment.ts';
import '#app/styles/han-study.css';

// The look-up sheet loads on the first tap of a character.
const LookupSheet = lazy(() => import('./lookup-sheet.tsx').then((m) => ({ default: m.LookupSheet })));

/** How the Chinese and its reading are laid out (decision 0033). */
export type HanLayout = 'side' | 'lines' | 'ruby';
/** Traditional as the sutras are printed, or simplified through opencc-js. */
export type HanScript = 'traditional' | 'simplified';

const LAYOUTS: { value: HanLayout; label: string }[] = [
  { value: 'side', label: 'Song song' },
  { value: 'lines', label: 'Từng dòng' },
  { value: 'ruby', label: 'Âm trên chữ' },
];
const LAYOUT_KEY = 'phap-bao:han-layout';
const SCRIPT_KEY = 'phap-bao:han-script';
/** Characters sent with a tap: the term is found inside this window (LOOKUP_WINDOW_MAX). */
const WINDOW = 16;

export interface Verse {
  /** The Hán-Việt paragraph as stored: `<p id="p-N">…</p>`. */
  vi: string;
  han: string | null;
}

interface AlignedVerse {
  id: string | null;
  /** The paragraph's text as stored, for a verse without Chinese. */
  html: string;
  sentences: AlignedSentence[] | null;
}

/** Where the reader tapped: a paragraph and the character's place among its paired characters. */
export interface LookupTarget {
  verse: number;
  index: number;
}

function textOfHtml(html: string): { id: string | null; text: string } {
  const template = document.createElement('template');
  template.innerHTML = html;
  const p = template.content.firstElementChild;
  return { id: p?.id || null, text: p?.textContent ?? '' };
}

function remembered<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key) as T | null;
    return value && allowed.includes(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice holds for this page.
  }
}

type Convert = (text: string) => string;

/** opencc-js (traditional → simplified), fetched only when the reader asks for simplified characters. */
function useSimplifier(script: HanScript): Convert | null {
  const [convert, setConvert] = useState<Convert | null>(null);
  useEffect(() => {
    if (script !== 'simplified' || convert) return;
    let live = true;
    void import('opencc-js/t2cn').then((OpenCC) => {
      const whole = OpenCC.Converter({ from: 't', to: 'cn' });
      // Character for character, so each character keeps its reading; a phrase rule that changes the
      // length falls back to converting the characters one by one.
      const safe: Convert = (text) => {
        const converted = whole(text);
        return [...converted].length === [...text].length ? converted : [...text].map((c) => whole(c)).join('');
      };
      if (live) setConvert(() => safe);
    });
    return () => {
      live = false;
    };
  }, [script, convert]);
  return script === 'simplified' ? convert : null;
}

/**
 * The chapter's Chinese and its Hán-Việt reading aligned sentence by sentence: side by side, line
 * by line, or the reading over each character; traditional or simplified. A tap (or Enter on a
 * sentence) on a character opens its look-up. The Hán-Việt paragraphs keep their `p-N` ids and
 * their text, so links to a paragraph and highlights still find them (not in the ruby view, where
 * the reading is only over the characters).
 */
export function HanStudy({ verses }: { verses: Verse[] }) {
  const [layout, setLayout] = useState<HanLayout>(() =>
    remembered(LAYOUT_KEY, ['side', 'lines', 'ruby'] as const, 'side'),
  );
  const [script, setScript] = useState<HanScript>(() =>
    remembered(SCRIPT_KEY, ['traditional', 'simplified'] as const, 'traditional'),
  );
  const convert = useSimplifier(script);
  const [target, setTarget] = useState<LookupTarget | null>(null);
  const [span, setSpan] = useState<{ verse: number; start: number; end: number } | null>(null);
  const origin = useRef<HTMLElement | null>(null);

  const aligned = useMemo<AlignedVerse[]>(
    () =>
      verses.map((verse) => {
        const vi = textOfHtml(verse.vi);
        const sentences = verse.han ? alignParagraph(vi.text, textOfHtml(verse.han).text) : null;
        return { id: vi.id, html: verse.vi, sentences };
      }),
    [verses],
  );
  const show: Convert = convert ?? ((s) => s);

  /** The window of characters around a tapped one, with their readings when the paragraph pairs them. */
  const windowOf = (t: LookupTarget) => {
    const sentences = aligned[t.verse]?.sentences ?? [];
    const pairs = sentences.every((s) => s.pairs) ? sentences.flatMap((s) => s.pairs!) : null;
    const chars = pairs
      ? pairs.map((p) => show(hanCharOf(p)))
      : [...show(sentences.map((s) => s.han).join(''))].filter((c) => /\p{Script=Han}/u.test(c));
    const from = Math.max(0, Math.min(t.index - Math.floor(WINDOW / 2), chars.length - WINDOW));
    const to = Math.min(chars.length, from + WINDOW);
    return {
      text: chars.slice(from, to).join(''),
      at: t.index - from,
      readings: pairs ? pairs.slice(from, to).map((p) => bareReading(p.reading)) : null,
      offset: from,
      count: chars.length,
    };
  };

  const open = (t: LookupTarget, from: HTMLElement) => {
    origin.current = from;
    setTarget(t);
  };
  const onClick = (e: React.MouseEvent) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-han-at]');
    if (!el || !window.getSelection()?.isCollapsed) return;
    const [verse, index] = el.dataset.hanAt!.split(':').map(Number);
    open({ verse: verse!, index: index! }, el.closest<HTMLElement>('[data-han-sentence]') ?? el);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const sentence = (e.target as HTMLElement).closest<HTMLElement>('[data-han-sentence]');
    const first = sentence?.querySelector<HTMLElement>('[data-han-at]');
    if (!sentence || !first) return;
    e.preventDefault();
    const [verse, index] = first.dataset.hanAt!.split(':').map(Number);
    open({ verse: verse!, index: index! }, sentence);
  };
  const close = () => {
    setTarget(null);
    setSpan(null);
    origin.current?.focus();
  };

  const charSpan = (verse: number, index: number, char: string) => {
    const marked = span && span.verse === verse && index >= span.start && index < span.end;
    return (
      <span className={marked ? 'han-char is-looked-up' : 'han-char'} data-han-at={`${verse}:${index}`}>
        {char}
      </span>
    );
  };

  return (
    <div className="han-study" data-layout={layout}>
      <div className="han-study-tools" role="group" aria-label="Cách hiện chữ Hán">
        <div className="han-study-choice" role="radiogroup" aria-label="Cách hiện">
          {LAYOUTS.map((l) => (
            <button
              key={l.value}
              type="button"
              role="radio"
              aria-checked={layout === l.value}
              onClick={() => {
                setLayout(l.value);
                remember(LAYOUT_KEY, l.value);
              }}
            >
              {l.label}
            </button>
          ))}
        </div>
        <div className="han-study-choice" role="radiogroup" aria-label="Kiểu chữ">
          {(['traditional', 'simplified'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={script === s}
              onClick={() => {
                setScript(s);
                remember(SCRIPT_KEY, s);
              }}
            >
              {s === 'traditional' ? 'Phồn thể' : 'Giản thể'}
            </button>
          ))}
        </div>
        <p className="han-study-hint">Chạm vào một chữ Hán để tra âm, nghĩa và các đoạn có chữ ấy.</p>
      </div>
      {script === 'simplified' && !convert ? (
        <p className="han-study-loading" role="status">
          Đang chuyển sang giản thể…
        </p>
      ) : null}
      {/* Clicks and keys of every character are handled here, once, rather than on each character. */}
      <div className="han-study-text" onClick={onClick} onKeyDown={onKeyDown}>
        {aligned.map((verse, v) => {
          if (!verse.sentences) {
            return <div key={v} className="han-verse" dangerouslySetInnerHTML={{ __html: verse.html }} />;
          }
          const sentences = verse.sentences;
          // Where each sentence's characters start among the paragraph's.
          const starts = sentences.map((_, k) =>
            sentences.slice(0, k).reduce((n, earlier) => n + (earlier.pairs?.length ?? 0), 0),
          );
          const paired = sentences.every((s) => s.pairs);
          const hanOf = (s: AlignedSentence, k: number) =>
            s.pairs
              ? s.pairs.map((p, i) => charsWithPunctuation(show(p.han), v, starts[k]! + i, charSpan))
              : show(s.han);
          if (layout === 'ruby') {
            return (
              <div key={v} id={verse.id ?? undefined} className="han-verse han-ruby" lang="zh-Hant">
                {sentences.map((s, k) => (
                  <span
                    key={k}
                    className="han-sentence"
                    data-han-sentence=""
                    role="button"
                    tabIndex={0}
                    aria-label={sentenceLabel(s)}
                  >
                    {s.pairs
                      ? s.pairs.map((p, i) => {
                          const index = starts[k]! + i;
                          const [char, ...punctuation] = [...show(p.han)];
                          return (
                            <span key={index}>
                              <ruby>
                                {charSpan(v, index, char!)}
                                <rt lang="vi">{bareReading(p.reading)}</rt>
                              </ruby>
                              {punctuation.join('')}
                            </span>
                          );
                        })
                      : show(s.han)}
                    {!s.pairs ? (
                      <span className="han-ruby-unpaired" lang="vi">
                        {s.vi}
                      </span>
                    ) : null}
                  </span>
                ))}
              </div>
            );
          }
          const rows = sentences.length;
          return (
            <div key={v} className="han-verse han-aligned" style={{ '--han-rows': rows } as React.CSSProperties}>
              <p id={verse.id ?? undefined} className="han-vi">
                {sentences.map((s, k) => (
                  <span key={k} className="han-vi-sentence" style={rowStyle(layout, k, 'vi')}>
                    {s.vi}
                    {k < rows - 1 ? (s.pairs?.at(-1)?.after ?? ' ') : null}
                  </span>
                ))}
              </p>
              <div className="han-zh" lang="zh-Hant">
                {sentences.map((s, k) => (
                  <span
                    key={k}
                    className="han-zh-sentence"
                    style={rowStyle(layout, k, 'zh')}
                    data-han-sentence=""
                    role={paired ? 'button' : undefined}
                    tabIndex={paired ? 0 : undefined}
                    aria-label={paired ? sentenceLabel(s) : undefined}
                  >
                    {hanOf(s, k)}
                  </span>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {target ? (
        <Suspense fallback={null}>
          <LookupSheet
            key={`${target.verse}:${target.index}:${script}`}
            request={windowOf(target)}
            onTerm={(start, end) => {
              const w = windowOf(target);
              setSpan({ verse: target.verse, start: w.offset + start, end: w.offset + end });
            }}
            onMove={(step) => setTarget({ verse: target.verse, index: target.index + step })}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A paired character with the punctuation after it, outside the tappable character. */
function charsWithPunctuation(
  text: string,
  verse: number,
  index: number,
  charSpan: (verse: number, index: number, char: string) => React.ReactNode,
) {
  const [char, ...punctuation] = [...text];
  return (
    <span key={index}>
      {charSpan(verse, index, char!)}
      {punctuation.join('')}
    </span>
  );
}

function sentenceLabel(s: AlignedSentence): string {
  return `${s.vi} — nhấn Enter để tra từng chữ`;
}

/** Side by side: sentence k on row k of both columns. Line by line: the Chinese above its reading. */
function rowStyle(layout: HanLayout, k: number, side: 'vi' | 'zh'): React.CSSProperties {
  if (layout === 'side') return { gridRow: k + 1 };
  return { gridRow: side === 'zh' ? 2 * k + 1 : 2 * k + 2 };
}
