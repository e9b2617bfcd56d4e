import { z } from 'zod';
import { NOTE_EXPORT_MESSAGES } from '#common/contracts/note-export.schema.ts';
import {
  HIGHLIGHT_COLORS,
  NOTE_BODY_MAX,
  NOTE_CONTENT_MAX,
  NOTE_SOURCE_TITLE_MAX,
  ZNoteAnchorSchema,
  type HighlightColor,
  type Note,
  type NoteAnchor,
} from '#common/contracts/note.schema.ts';
import { zLine, zText } from '#common/contracts/text.schema.ts';
import { chapterPath } from '#common/paths.ts';
import { AppError } from '#server/errors.ts';
import { uuidV5 } from '#server/feeds/uuid-v5.ts';

/**
 * A note as it travels in a file: a highlight (its book, chapter and anchor) or a quote typed by
 * hand (its source), its colour, words, the reader's note and its dates. Ids of the site stay
 * behind: a file is read back into any account, on any copy of the library.
 */
export interface PortableNote {
  color: HighlightColor;
  content: string;
  body: string | null;
  createdAt: string;
  updatedAt: string;
  highlight: {
    bookCode: string;
    bookTitle: string | null;
    chapterCode: string;
    chapterTitle: string | null;
    anchor: NoteAnchor;
  } | null;
  quote: { sourceTitle: string; sourceUrl: string | null } | null;
}

/** The namespace of the annotations' ids (a UUIDv5 of what the note is, so a file's ids survive a round trip). */
const ANNOTATION_NAMESPACE = '3a6b1d2e-7c4f-5e8a-9b0c-1d2e3f4a5b6c';
const COLOR_NAMES: Record<HighlightColor, string> = { aqua: 'xanh', yellow: 'vàng', red: 'đỏ' };
const COLOR_CSS: Record<HighlightColor, string> = { aqua: '#a5f3fc', yellow: '#fde68a', red: '#fecaca' };

/** What makes two notes the same: the same passage of the same chapter, or the same quote from the same source. */
export function identityOf(note: Pick<PortableNote, 'highlight' | 'quote' | 'content'>): string {
  if (note.highlight) {
    const { chapterCode, anchor } = note.highlight;
    return ['highlight', chapterCode, anchor.paragraph, anchor.start, anchor.end, anchor.exact].join('\n');
  }
  return ['quote', note.quote?.sourceTitle ?? '', note.content].join('\n');
}

export function portableOf(note: Note): PortableNote {
  return {
    color: note.color,
    content: note.content,
    body: note.body,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    highlight:
      note.bookCode && note.chapterCode && note.anchor
        ? {
            bookCode: note.bookCode,
            bookTitle: note.bookTitle,
            chapterCode: note.chapterCode,
            chapterTitle: note.chapterTitle,
            anchor: note.anchor,
          }
        : null,
    quote: note.bookCode ? null : { sourceTitle: note.sourceTitle, sourceUrl: note.sourceUrl },
  };
}

const annotationId = (note: PortableNote) => `urn:uuid:${uuidV5(identityOf(note), ANNOTATION_NAMESPACE)}`;
const highlightUrl = (h: NonNullable<PortableNote['highlight']>, origin: string) =>
  `${origin}${chapterPath(h.chapterCode, h.bookCode)}`;
const sourceTitleOf = (note: PortableNote) =>
  note.highlight
    ? [note.highlight.bookTitle, note.highlight.chapterTitle].filter(Boolean).join(' — ')
    : (note.quote?.sourceTitle ?? '');

// ————— W3C Web Annotation (JSON-LD) —————

/**
 * The notes as a W3C Web Annotation collection (https://www.w3.org/TR/annotation-model/): each a
 * highlight (motivation `highlighting`) or, with the reader's words, `commenting`; the passage is
 * a fragment (the paragraph) refined by a text position and a text quote selector; the colour is
 * the target's `styleClass` with its CSS in the annotation's stylesheet.
 */
export function renderWebAnnotations(notes: PortableNote[], origin: string, label: string): string {
  const items = notes.map((note) => {
    const selector = note.highlight
      ? {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3986',
          value: note.highlight.anchor.paragraph,
          refinedBy: [
            { type: 'TextPositionSelector', start: note.highlight.anchor.start, end: note.highlight.anchor.end },
            {
              type: 'TextQuoteSelector',
              exact: note.highlight.anchor.exact,
              prefix: note.highlight.anchor.prefix,
              suffix: note.highlight.anchor.suffix,
            },
          ],
        }
      : { type: 'TextQuoteSelector', exact: note.content };
    const sourceId = note.highlight ? highlightUrl(note.highlight, origin) : note.quote?.sourceUrl;
    return {
      id: annotationId(note),
      type: 'Annotation',
      motivation: note.body ? 'commenting' : 'highlighting',
      created: note.createdAt,
      modified: note.updatedAt,
      stylesheet: { type: 'CssStylesheet', value: `.${note.color} { background-color: ${COLOR_CSS[note.color]}; }` },
      ...(note.body
        ? {
            body: {
              type: 'TextualBody',
              value: note.body,
              format: 'text/plain',
              language: 'vi',
              purpose: 'commenting',
            },
          }
        : {}),
      target: {
        type: 'SpecificResource',
        source: { ...(sourceId ? { id: sourceId } : {}), type: 'Text', 'dc:title': sourceTitleOf(note) },
        styleClass: note.color,
        selector,
      },
    };
  });
  return `${JSON.stringify(
    {
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'AnnotationCollection',
      label,
      total: items.length,
      first: { type: 'AnnotationPage', startIndex: 0, items },
    },
    null,
    2,
  )}\n`;
}

// ————— CSV —————

export const CSV_COLUMNS = [
  'Mã',
  'Màu',
  'Mã sách',
  'Tên sách',
  'Mã chương',
  'Tên chương',
  'Đoạn',
  'Từ ký tự',
  'Đến ký tự',
  'Trước',
  'Đoạn trích',
  'Sau',
  'Ghi chú',
  'Nguồn',
  'Địa chỉ nguồn',
  'Ngày tạo',
  'Ngày sửa',
] as const;

/** A spreadsheet must not run a cell as a formula: such a cell starts with an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The notes as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read the letters right). */
export function renderCsv(notes: PortableNote[], origin: string): string {
  const rows = notes.map((note) => {
    const h = note.highlight;
    return [
      annotationId(note),
      note.color,
      h?.bookCode ?? null,
      h?.bookTitle ?? null,
      h?.chapterCode ?? null,
      h?.chapterTitle ?? null,
      h?.anchor.paragraph ?? null,
      h?.anchor.start ?? null,
      h?.anchor.end ?? null,
      h?.anchor.prefix ?? null,
      note.content,
      h?.anchor.suffix ?? null,
      note.body,
      note.quote?.sourceTitle ?? null,
      h ? highlightUrl(h, origin) : (note.quote?.sourceUrl ?? null),
      note.createdAt,
      note.updatedAt,
    ]
      .map(csvCell)
      .join(',');
  });
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw new AppError('VALIDATION_FAILED', NOTE_EXPORT_MESSAGES.unreadable);
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((r) => r.some((c) => c !== ''));
}

// ————— Markdown —————

const quoteLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
const linkText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');
const dayOf = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** The notes to read: by book and chapter, each quote with the reader's words, its colour, date and link. */
export function renderMarkdown(notes: PortableNote[], origin: string, heading: string, filters: string[]): string {
  const out = [`# ${heading}`, '', `${notes.length} ghi chú${filters.length ? ` · ${filters.join(' · ')}` : ''}.`];
  let lastBook: string | null | undefined;
  let lastChapter: string | null | undefined;
  for (const note of notes) {
    const book = note.highlight ? (note.highlight.bookTitle ?? note.highlight.bookCode) : 'Trích dẫn tự nhập';
    if (book !== lastBook) {
      out.push('', `## ${book}`);
      lastBook = book;
      lastChapter = undefined;
    }
    const chapter = note.highlight ? (note.highlight.chapterTitle ?? note.highlight.chapterCode) : null;
    if (chapter && chapter !== lastChapter) {
      out.push('', `### ${chapter}`);
      lastChapter = chapter;
    }
    out.push('', quoteLines(note.content));
    if (note.body) out.push('', note.body);
    const link = note.highlight
      ? `[Mở đoạn văn](${highlightUrl(note.highlight, origin)}#${note.highlight.anchor.paragraph})`
      : note.quote?.sourceUrl
        ? `Nguồn: [${linkText(note.quote.sourceTitle)}](${note.quote.sourceUrl})`
        : `Nguồn: ${note.quote?.sourceTitle ?? ''}`;
    out.push('', `— Màu ${COLOR_NAMES[note.color]} · ${dayOf(note.createdAt)} · ${link}`);
  }
  return `${out.join('\n')}\n`;
}

// ————— Reading back —————

const ZIso = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)))
  .transform((s) => new Date(s).toISOString());
const ZCode = zLine().trim().min(1).max(140);

/** One note of a file, checked like a note the reader makes (the same limits and messages). */
const ZPortableSchema = z
  .object({
    color: z.enum(HIGHLIGHT_COLORS, { error: NOTE_EXPORT_MESSAGES.color }),
    content: zText()
      .trim()
      .min(1, 'thiếu đoạn trích')
      .max(NOTE_CONTENT_MAX, `đoạn trích tối đa ${NOTE_CONTENT_MAX} ký tự`),
    body: zText().max(NOTE_BODY_MAX, `ghi chú tối đa ${NOTE_BODY_MAX} ký tự`).nullable(),
    createdAt: ZIso,
    updatedAt: ZIso,
    highlight: z
      .object({
        bookCode: ZCode,
        bookTitle: zLine().max(500).nullable(),
        chapterCode: ZCode,
        chapterTitle: zLine().max(500).nullable(),
        anchor: ZNoteAnchorSchema,
      })
      .nullable(),
    quote: z
      .object({
        sourceTitle: zLine().trim().min(1, 'thiếu nguồn').max(NOTE_SOURCE_TITLE_MAX),
        sourceUrl: zLine()
          .max(500)
          .refine((s) => /^https?:\/\/\S+$/i.test(s) && URL.canParse(s), 'địa chỉ nguồn phải là http(s)')
          .nullable(),
      })
      .nullable(),
  })
  .refine((n) => (n.highlight === null) !== (n.quote === null), 'cần hoặc chương sách, hoặc nguồn trích dẫn');

function checked(raw: unknown, n: number): PortableNote {
  const parsed = ZPortableSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', NOTE_EXPORT_MESSAGES.badRow(n, parsed.error.issues[0]?.message ?? ''));
  }
  return parsed.data;
}

/** `/chapterCode/bookCode` of a chapter's address, or null. */
function chapterOfUrl(url: string | undefined): { chapterCode: string; bookCode: string } | null {
  if (!url || !URL.canParse(url)) return null;
  const parts = new URL(url).pathname.split('/').filter(Boolean).map(decodeURIComponent);
  return parts.length === 2 ? { chapterCode: parts[0]!.normalize('NFC'), bookCode: parts[1]!.normalize('NFC') } : null;
}

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The notes of a Web Annotation file: a collection (ours), a page, a list or one annotation. */
export function parseWebAnnotations(source: string): PortableNote[] {
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch {
    throw new AppError('VALIDATION_FAILED', NOTE_EXPORT_MESSAGES.unreadable);
  }
  const root = asObject(document);
  const items = Array.isArray(document)
    ? document
    : root.type === 'AnnotationCollection'
      ? asList(asObject(root.first).items)
      : root.type === 'AnnotationPage'
        ? asList(root.items)
        : root.type === 'Annotation'
          ? [root]
          : null;
  if (!items) throw new AppError('VALIDATION_FAILED', NOTE_EXPORT_MESSAGES.unreadable);
  return items.map((item, i) => {
    const annotation = asObject(item);
    const target = asObject(asList(annotation.target)[0]);
    const source = asObject(target.source);
    const selector = asObject(asList(target.selector)[0]);
    const refined = asList(selector.refinedBy).map(asObject);
    const position = refined.find((s) => s.type === 'TextPositionSelector');
    const quote = refined.find((s) => s.type === 'TextQuoteSelector') ?? selector;
    const place = selector.type === 'FragmentSelector' ? chapterOfUrl(text(source.id)) : null;
    const body = asList(annotation.body)
      .map(asObject)
      .find((b) => b.type === 'TextualBody' && (b.purpose === undefined || b.purpose === 'commenting'));
    const title = text(source['dc:title']) ?? '';
    const [bookTitle, ...chapterTitle] = title.split(' — ');
    return checked(
      {
        color: text(target.styleClass),
        content: text(quote.exact),
        body: text(body?.value) ?? null,
        createdAt: text(annotation.created),
        updatedAt: text(annotation.modified) ?? text(annotation.created),
        highlight: place
          ? {
              ...place,
              bookTitle: bookTitle || null,
              chapterTitle: chapterTitle.join(' — ') || null,
              anchor: {
                paragraph: text(selector.value),
                start: position?.start,
                end: position?.end,
                exact: text(quote.exact),
                prefix: text(quote.prefix) ?? '',
                suffix: text(quote.suffix) ?? '',
              },
            }
          : null,
        quote: place ? null : { sourceTitle: title, sourceUrl: text(source.id) ?? null },
      },
      i + 1,
    );
  });
}

/** The notes of a CSV file with our columns (in any order; others are ignored). */
export function parseCsv(source: string): PortableNote[] {
  const [header, ...rows] = parseCsvRows(source);
  const at = new Map((header ?? []).map((name, i) => [name.trim(), i]));
  if (!CSV_COLUMNS.every((c) => at.has(c))) throw new AppError('VALIDATION_FAILED', NOTE_EXPORT_MESSAGES.unreadable);
  return rows.map((row, i) => {
    const cell = (name: (typeof CSV_COLUMNS)[number]) => {
      const value = row[at.get(name)!] ?? '';
      return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
    };
    const orNull = (name: (typeof CSV_COLUMNS)[number]) => cell(name) || null;
    const number = (name: (typeof CSV_COLUMNS)[number]) => (/^\d{1,7}$/.test(cell(name)) ? Number(cell(name)) : NaN);
    const isHighlight = cell('Mã chương') !== '';
    return checked(
      {
        color: cell('Màu'),
        content: cell('Đoạn trích'),
        body: orNull('Ghi chú'),
        createdAt: cell('Ngày tạo'),
        updatedAt: cell('Ngày sửa') || cell('Ngày tạo'),
        highlight: isHighlight
          ? {
              bookCode: cell('Mã sách'),
              bookTitle: orNull('Tên sách'),
              chapterCode: cell('Mã chương'),
              chapterTitle: orNull('Tên chương'),
              anchor: {
                paragraph: cell('Đoạn'),
                start: number('Từ ký tự'),
                end: number('Đến ký tự'),
                exact: cell('Đoạn trích'),
                prefix: cell('Trước'),
                suffix: cell('Sau'),
              },
            }
          : null,
        quote: isHighlight ? null : { sourceTitle: cell('Nguồn'), sourceUrl: orNull('Địa chỉ nguồn') },
      },
      i + 1,
    );
  });
}
