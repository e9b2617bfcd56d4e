import { z } from 'zod';
import { normalizeText } from '#common/text/vietnamese.ts';
import { zLine, zText } from './text.schema.ts';

/**
 * Looking up a Chinese character or a term of a chapter, and the dictionaries administrators import
 * (decision 0033). The Unihan readings ship with the server; a meaning comes from a dictionary an
 * administrator imported, with its licence shown beside it.
 */

/** How many characters of the chapter travel with a tap: the term is found inside this window. */
export const LOOKUP_WINDOW_MAX = 16;
/** The longest headword a dictionary may hold (and the longest term looked up). */
export const HEADWORD_MAX = 16;
export const MEANING_MAX = 2000;
export const READING_MAX = 120;
/** An imported dictionary's text, at most (a request is refused before its entries are read). */
export const DICTIONARY_MAX_BYTES = 4 * 1024 * 1024;
export const DICTIONARY_MAX_ENTRIES = 100_000;
/** Passages shown under a looked-up term. */
export const LOOKUP_PASSAGES = 5;
/** Entries shown for a looked-up term. */
export const LOOKUP_ENTRIES = 20;

/**
 * Look-ups one address may make in a minute: each runs a search of the library, and a reader
 * tapping characters makes far fewer (a script reading the whole dictionary through us is slowed).
 */
export const LOOKUPS_PER_MINUTE = 120;

export const DICTIONARY_MESSAGES = {
  tooManyLookups: 'Bạn tra quá nhanh: xin đợi một chút rồi tra tiếp.',
  textRequired: 'Cần một chữ Hán để tra.',
  textNotHan: 'Chỉ tra được chữ Hán (không dấu câu, không chữ Latinh).',
  textTooLong: `Tra tối đa ${LOOKUP_WINDOW_MAX} chữ Hán một lần.`,
  badPosition: 'Vị trí chữ được chọn nằm ngoài đoạn gửi lên.',
  readingsMismatch: 'Số âm Hán-Việt gửi kèm phải bằng số chữ Hán.',
  nameRequired: 'Từ điển cần có tên.',
  licenseRequired: 'Ghi rõ giấy phép của từ điển (ví dụ CC BY-SA 4.0, Public Domain).',
  badSourceUrl: 'Địa chỉ nguồn phải bắt đầu bằng http:// hoặc https://.',
  badFormat: 'Định dạng phải là "tsv" hoặc "json".',
  contentRequired: 'Chưa có nội dung từ điển.',
  tooLarge: `Từ điển quá lớn: tối đa ${DICTIONARY_MAX_BYTES / 1024 / 1024} MB mỗi lần nhập.`,
  tooManyEntries: `Từ điển quá lớn: tối đa ${DICTIONARY_MAX_ENTRIES.toLocaleString('vi-VN')} mục mỗi lần nhập.`,
  empty: 'Không có mục nào: mỗi dòng cần "chữ Hán<TAB>âm Hán-Việt<TAB>nghĩa".',
  badJson: 'Nội dung không phải JSON hợp lệ.',
  badJsonShape: 'JSON phải là {"entries": [{"headword", "reading", "meaning"}, …]}.',
  notFound: 'Không tìm thấy từ điển này.',
  /** "Dòng 12: …" / "Mục 12: …" */
  atLine: (line: number, message: string) => `Dòng ${line}: ${message}`,
  atEntry: (index: number, message: string) => `Mục ${index}: ${message}`,
  headwordNotHan: `chữ Hán phải gồm 1–${HEADWORD_MAX} chữ Hán.`,
  readingTooLong: `âm Hán-Việt tối đa ${READING_MAX} ký tự.`,
  meaningRequired: 'thiếu nghĩa.',
  meaningTooLong: `nghĩa tối đa ${MEANING_MAX} ký tự.`,
  columns: 'cần 3 cột cách nhau bằng dấu TAB: chữ Hán, âm Hán-Việt, nghĩa.',
  controlCharacters: 'có ký tự điều khiển.',
} as const;

const HAN = /^\p{Script=Han}+$/u;

/** True when every character of `text` is a Chinese character (no punctuation, no Latin). */
export function isHanText(text: string): boolean {
  return HAN.test(text);
}

// Lookup ------------------------------------------------------------------------------------------

/**
 * GET /public/dictionary/lookup: `text` is the tapped character with its neighbours in the chapter,
 * `at` the tapped one's place in it; `readings` the Hán-Việt syllables the chapter aligns with
 * `text`, one per character, space-separated (they name the term's reading and find its passages).
 */
export const ZLookupRequestSchema = z
  .object({
    text: zLine()
      .transform((s) => normalizeText(s).trim())
      .pipe(
        z
          .string()
          .min(1, DICTIONARY_MESSAGES.textRequired)
          .refine((s) => [...s].length <= LOOKUP_WINDOW_MAX, DICTIONARY_MESSAGES.textTooLong)
          .refine(isHanText, DICTIONARY_MESSAGES.textNotHan),
      ),
    at: z.coerce
      .number({ error: DICTIONARY_MESSAGES.badPosition })
      .int(DICTIONARY_MESSAGES.badPosition)
      .min(0, DICTIONARY_MESSAGES.badPosition)
      .max(LOOKUP_WINDOW_MAX - 1, DICTIONARY_MESSAGES.badPosition)
      .default(0),
    readings: zLine()
      .max(LOOKUP_WINDOW_MAX * 12)
      .transform((s) => normalizeText(s).trim().split(/\s+/).filter(Boolean))
      .optional(),
  })
  .superRefine((value, ctx) => {
    const length = [...value.text].length;
    if (value.at >= length) ctx.addIssue({ code: 'custom', path: ['at'], message: DICTIONARY_MESSAGES.badPosition });
    if (value.readings && value.readings.length !== length) {
      ctx.addIssue({ code: 'custom', path: ['readings'], message: DICTIONARY_MESSAGES.readingsMismatch });
    }
  });
export type LookupRequest = z.infer<typeof ZLookupRequestSchema>;

export const ZHanCharacterSchema = z.object({
  character: z.string(),
  /** Unihan kVietnamese: readings in Quốc ngữ, Hán-Việt and sometimes Nôm. */
  readings: z.array(z.string()),
  /** Unihan kDefinition, in English. */
  definition: z.string().nullable(),
  /** For a simplified form: its traditional form(s), whose readings are given. */
  traditional: z.string().nullable(),
});
export type HanCharacter = z.infer<typeof ZHanCharacterSchema>;

export const ZDictionarySourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  license: z.string(),
  sourceUrl: z.string().nullable(),
});

export const ZDictionaryEntrySchema = z.object({
  headword: z.string(),
  reading: z.string().nullable(),
  meaning: z.string(),
  dictionary: ZDictionarySourceSchema,
});
export type DictionaryEntry = z.infer<typeof ZDictionaryEntrySchema>;

export const ZLookupPassageSchema = z.object({
  title: z.string(),
  label: z.string().nullable(),
  url: z.string(),
  snippet: z.array(z.object({ text: z.string(), hit: z.boolean() })),
});

/** Where the readings and English glosses come from, with its licence. */
export const ZUnihanSourceSchema = z.object({ version: z.string(), license: z.string(), licenseUrl: z.string() });

export const ZLookupResultSchema = z.object({
  /** The term looked up: the longest imported headword around the tapped character, else the character. */
  term: z.string(),
  /** Where the term is in `text` (characters, end exclusive). */
  start: z.number().int(),
  end: z.number().int(),
  /** Its Hán-Việt reading: as the chapter reads it, else the dictionary's, else Unihan's first. */
  reading: z.string().nullable(),
  characters: z.array(ZHanCharacterSchema),
  entries: z.array(ZDictionaryEntrySchema),
  /** Passages of the library's books with the reading, best first. */
  passages: z.array(ZLookupPassageSchema),
  passageTotal: z.number().int(),
  /** The search page for all of them. */
  searchUrl: z.string().nullable(),
  unihan: ZUnihanSourceSchema,
});
export type LookupResult = z.infer<typeof ZLookupResultSchema>;
export const ZLookupResponseSchema = z.object({ data: ZLookupResultSchema });

// Import ------------------------------------------------------------------------------------------

export const DICTIONARY_FORMATS = ['tsv', 'json'] as const;
export type DictionaryFormat = (typeof DICTIONARY_FORMATS)[number];

const ZName = (max: number, required: string) =>
  zLine()
    .transform((s) => normalizeText(s).replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, required).max(max, `Tối đa ${max} ký tự`));

/** POST /admin/dictionaries: a whole dictionary; one with the same name is replaced. */
export const ZDictionaryImportSchema = z.object({
  name: ZName(120, DICTIONARY_MESSAGES.nameRequired),
  license: ZName(200, DICTIONARY_MESSAGES.licenseRequired),
  sourceUrl: zLine()
    .trim()
    .max(500)
    .nullish()
    .transform((s) => s || null)
    .refine((s) => s === null || /^https?:\/\/\S+$/.test(s), DICTIONARY_MESSAGES.badSourceUrl),
  format: z.enum(DICTIONARY_FORMATS, { error: DICTIONARY_MESSAGES.badFormat }),
  content: zText({ error: DICTIONARY_MESSAGES.contentRequired })
    .min(1, DICTIONARY_MESSAGES.contentRequired)
    .refine((s) => new TextEncoder().encode(s).length <= DICTIONARY_MAX_BYTES, DICTIONARY_MESSAGES.tooLarge),
});
export type DictionaryImport = z.infer<typeof ZDictionaryImportSchema>;

export const ZDictionarySummarySchema = ZDictionarySourceSchema.extend({
  entryCount: z.number().int(),
  updatedAt: z.string(),
});
export type DictionarySummary = z.infer<typeof ZDictionarySummarySchema>;
export const ZDictionaryResponseSchema = z.object({ data: ZDictionarySummarySchema });
export const ZDictionariesResponseSchema = z.object({ data: z.object({ items: z.array(ZDictionarySummarySchema) }) });
export const ZDictionaryIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
