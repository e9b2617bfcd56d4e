import { marked } from 'marked';
import YAML from 'yaml';
import { z } from 'zod';
import { ImportRefusal } from './import-error.ts';
import { emptyBook, parseHtml, titleOrNull, type ImportedBook } from './imported-book.ts';
import { canonicalLanguage, directionOfLanguage } from './language.ts';
import { splitAtHeadings } from './split-chapters.ts';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** The front matter a Markdown book may carry (every field optional). */
const ZFrontMatter = z
  .object({
    /** The book's identity (an ISBN, a URN, any stable name): decision 0023. */
    id: z
      .union([z.string().trim().min(1).max(300), z.number()])
      .transform(String)
      .optional(),
    title: z.string().optional(),
    author: z.string().optional(),
    translator: z.string().optional(),
    description: z.string().optional(),
    category: z.string().optional(),
    language: z.string().optional(),
    code: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'code: chỉ chữ thường không dấu, số và gạch nối')
      .optional(),
    source: z.string().url().optional(),
    license: z
      .object({
        spdx: z.string(),
        name: z.string(),
        url: z.string().url(),
        attribution: z.string().optional(),
      })
      .optional(),
  })
  .passthrough();

/**
 * A Markdown book: metadata in its YAML front matter, chapters at its `#` headings (text before
 * the first heading is an introduction). Raw HTML in the Markdown is kept only as far as the
 * sanitiser allows, later.
 */
export function readMarkdown(text: string, fallbackTitle: string): ImportedBook {
  if (text.includes('\0')) throw new ImportRefusal('Tệp .md này không phải văn bản (có byte rỗng).');
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  let front: z.infer<typeof ZFrontMatter> = {};
  if (match) {
    let data: unknown;
    try {
      data = YAML.parse(match[1]!);
    } catch {
      throw new ImportRefusal('Phần đầu (front matter) của tệp Markdown không phải YAML hợp lệ.');
    }
    const parsed = ZFrontMatter.safeParse(data ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportRefusal(`Phần đầu của tệp Markdown có trường sai: ${issue.path.join('.')} — ${issue.message}`);
    }
    front = parsed.data;
  }
  const body = match ? text.replace(/^\uFEFF/, '').slice(match[0].length) : text;
  const html = marked.parse(body, { async: false, gfm: true });
  const { intro, chapters } = splitAtHeadings(parseHtml(html));
  const book = emptyBook(titleOrNull(front.title) ?? titleOrNull(fallbackTitle) ?? '');
  book.author = titleOrNull(front.author);
  book.translator = titleOrNull(front.translator);
  book.description = titleOrNull(front.description);
  book.category = titleOrNull(front.category);
  // Without an `id`, the code the file asks for is chosen by its author too: it names the book.
  book.identifier = front.id ?? (front.code ? `code:${front.code}` : null);
  book.language = canonicalLanguage(front.language);
  book.direction = directionOfLanguage(book.language);
  book.code = front.code ?? null;
  book.sourceUrl = front.source ?? null;
  book.license = front.license ? { ...front.license, attribution: front.license.attribution ?? null } : null;
  book.chapters = intro ? [{ title: null, html: intro }, ...chapters] : chapters;
  if (book.chapters.length === 0) throw new ImportRefusal('Tệp Markdown không có chữ nào để nhập.');
  return book;
}
