// Suggestions while typing (GET /public/search/suggestions): constants and labels without zod, in
// their own module so that only the box's code, loaded when the box is first used, carries them.

/** Fewer characters than this are not worth a suggestion (the box does not even ask). */
export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_MAX_LENGTH = 100;
export const DEFAULT_SUGGESTIONS = 8;
export const MAX_SUGGESTIONS = 10;
/** What a suggestion is: a title of a book, a talk or an article, or a query readers often search. */
export const SUGGESTION_KINDS = ['book', 'audio', 'article', 'query'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  book: 'Sách',
  audio: 'Bài pháp âm',
  article: 'Bài viết',
  query: 'Hay được tìm',
};

export const SUGGESTION_MESSAGES = {
  queryTooShort: `Gõ ít nhất ${SUGGESTION_MIN_LENGTH} ký tự để có gợi ý.`,
  queryTooLong: `Gợi ý chỉ dành cho từ khoá đến ${SUGGESTION_MAX_LENGTH} ký tự.`,
  badLimit: `Số gợi ý phải từ 1 đến ${MAX_SUGGESTIONS}.`,
} as const;
