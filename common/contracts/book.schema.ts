import { z } from 'zod';
import { ZLicenseSchema } from './content.schema.ts';

/** One line of a book's table of contents; a null title reads "Chương N" (the UI decides). */
export const ZChapterHeadingSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  title: z.string().nullable(),
});
export type ChapterHeading = z.infer<typeof ZChapterHeadingSchema>;

/** What the chapter reader shows: the chapter, its book and licence, the contents and the neighbours. */
export const ZChapterViewSchema = z.object({
  book: z.object({
    code: z.string(),
    title: z.string(),
    titleOriginal: z.string().nullable(),
    author: z.string().nullable(),
    coverImage: z.string().nullable(),
    /** The language of the book's text (BCP 47) when known; the page sets it on the chapter text. */
    language: z.string().nullable(),
    /** Its writing direction when known (`rtl` for Arabic, Hebrew…). */
    direction: z.enum(['ltr', 'rtl']).nullable(),
    license: ZLicenseSchema,
  }),
  chapter: z.object({
    code: z.string(),
    position: z.number().int(),
    title: z.string().nullable(),
    titleOriginal: z.string().nullable(),
    section: z.string().nullable(),
    /** Sanitised HTML: `<p id="p-N">` paragraphs, and what imported books keep (ruby, figures, MathML, language runs). */
    bodyHtml: z.string(),
    /** The Classical Chinese, one `<p lang="zh-Hant">` per paragraph of bodyHtml; null when there is none. */
    parallelHtml: z.string().nullable(),
    /** SHA-256 (hex) of the stored text (bodyHtml, a NUL, parallelHtml): checks a downloaded copy. */
    contentSha256: z.string(),
  }),
  toc: z.array(ZChapterHeadingSchema),
  previous: ZChapterHeadingSchema.nullable(),
  next: ZChapterHeadingSchema.nullable(),
});
export type ChapterView = z.infer<typeof ZChapterViewSchema>;
