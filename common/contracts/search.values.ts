// The search contract's constants, labels and URL: no zod, so the pages that show them do not
// download it (docs/decisions/0016-first-load-javascript.md). search.schema.ts re-exports them.
import type { SearchRequestInput } from './search.schema.ts';

export const SEARCH_MODES = ['strict', 'broad'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
/** The types of §2, plus `article` (the library's articles are searched too). */
export const SEARCH_TYPES = ['all', 'book', 'video', 'audio', 'transcript', 'article'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export type ResultType = Exclude<SearchType, 'all'>;

/** The longest query searched; longer ones are refused (a passage, not a chapter). */
export const MAX_QUERY_LENGTH = 300;
export const MAX_CONDITIONS = 5;
export const DEFAULT_SEARCH_PER_PAGE = 10;
export const MAX_SEARCH_PER_PAGE = 50;

/** The result types whose items hold many passages (a talk or a video matches by its title block only). */
export const SEARCH_ITEM_TYPES_WITH_PASSAGES = ['book', 'transcript', 'video', 'article'] as const;
export type SearchItemTypeWithPassages = (typeof SEARCH_ITEM_TYPES_WITH_PASSAGES)[number];

/** Labels shown to readers. */
export const SEARCH_MODE_LABELS: Record<SearchMode, string> = {
  strict: 'Đúng cụm từ',
  broad: 'Tìm mở rộng',
};
/**
 * What each tab holds, in its name: `audio` finds talks (and their collections) by title, speaker
 * and description; `transcript` finds the words spoken inside a talk (its timed transcript).
 */
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  all: 'Tất cả',
  book: 'Sách',
  audio: 'Bài pháp âm',
  transcript: 'Lời trong bài giảng',
  video: 'Video',
  article: 'Bài viết',
};

/** /search's URL → a request (missing or unknown values fall back to the defaults). */
export function searchUrl(request: Pick<SearchRequestInput, 'query' | 'mode' | 'type' | 'conditions'>): string {
  const params = new URLSearchParams({
    query: request.query ?? '',
    mode: request.mode ?? 'strict',
    type: request.type ?? 'all',
  });
  const conditions = (request.conditions ?? []).filter(Boolean);
  if (conditions.length > 0) {
    params.set('conditionType', 'AND');
    params.set('conditions', conditions.join('|'));
  }
  return `/search?${params}`;
}
