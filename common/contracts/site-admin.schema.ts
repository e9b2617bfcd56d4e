import { z } from 'zod';
import { zText } from './text.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { ZFooterQuoteSchema } from './site.schema.ts';
import { ZHomeKeywordSchema } from './keyword.schema.ts';

/** The site's fixed lists as the administration edits them (product spec §9: 70 keywords, 7 quotes). */
export const HOME_KEYWORDS_COUNT = 70;
export const FOOTER_QUOTES_COUNT = 7;
const TERM_MAX = 80;

const ZTerm = z
  .string()
  .transform((s) => normalizeText(s).replace(/\s+/g, ' ').trim())
  .pipe(zText().min(1, 'Từ khoá không được để trống').max(TERM_MAX, `Mỗi từ khoá tối đa ${TERM_MAX} ký tự`));

const ZEditedKeyword = z.union([
  z.object({ keyword: ZTerm }).strict(),
  z.object({ keywords: z.array(ZTerm).min(2, 'Một nhóm từ khoá cần ít nhất hai từ').max(6) }).strict(),
]);

/** PUT /admin/home_keywords: exactly 70 suggestions, no two alike. */
export const ZHomeKeywordsUpdateSchema = z.object({
  keywords: z
    .array(ZEditedKeyword)
    .length(HOME_KEYWORDS_COUNT, `Trang chủ cần đúng ${HOME_KEYWORDS_COUNT} gợi ý tìm kiếm`)
    .refine(
      (list) =>
        new Set(list.map((k) => ('keyword' in k ? k.keyword : k.keywords.join(' + ')).toLowerCase())).size ===
        list.length,
      'Có gợi ý bị trùng',
    ),
});
export type HomeKeywordsUpdate = z.infer<typeof ZHomeKeywordsUpdateSchema>;

const ZQuoteText = (max: number, message: string) =>
  z
    .string()
    .transform((s) => normalizeText(s).trim())
    .pipe(zText().min(1, message).max(max, `Tối đa ${max} ký tự`));
const ZOptionalText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((s) => (s ? normalizeText(s).trim() : '') || null)
    .pipe(zText().max(max, `Tối đa ${max} ký tự`).nullable());

/** PUT /admin/footer_quotes: exactly 7 teaching quotes for the footer. */
export const ZFooterQuotesUpdateSchema = z.object({
  quotes: z
    .array(
      z.object({
        text: ZQuoteText(600, 'Lời trích không được để trống'),
        original: ZOptionalText(600),
        source: ZQuoteText(200, 'Hãy ghi nguồn của lời trích'),
        translator: ZOptionalText(200),
      }),
    )
    .length(FOOTER_QUOTES_COUNT, `Chân trang cần đúng ${FOOTER_QUOTES_COUNT} lời trích`),
});
export type FooterQuotesUpdate = z.infer<typeof ZFooterQuotesUpdateSchema>;

export const ZHomeKeywordsResponseSchema = z.object({ data: z.array(ZHomeKeywordSchema) });
export const ZFooterQuotesResponseSchema = z.object({ data: z.array(ZFooterQuoteSchema) });

/** "Bát nhã + sắc + không" (one line of the editor) → a suggestion; the inverse of keywordLabel. */
export function keywordFromLine(line: string): { keyword: string } | { keywords: string[] } {
  const terms = line
    .split('+')
    .map((t) => t.trim())
    .filter(Boolean);
  return terms.length > 1 ? { keywords: terms } : { keyword: terms[0] ?? '' };
}
