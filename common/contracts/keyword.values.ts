// A suggestion's link and label: no zod, so the home page does not download it
// (docs/decisions/0016-first-load-javascript.md). keyword.schema.ts re-exports them.
import type { HomeKeyword } from './keyword.schema.ts';

/** The /search URL a suggestion links to (mode strict, type all; extra terms as AND conditions). */
export function searchUrlForKeyword(entry: HomeKeyword): string {
  const [query, ...conditions] = 'keyword' in entry ? [entry.keyword] : entry.keywords;
  const params = new URLSearchParams({ query: query ?? '', mode: 'strict', type: 'all' });
  if (conditions.length > 0) {
    params.set('conditionType', 'AND');
    params.set('conditions', conditions.join('|'));
  }
  return `/search?${params.toString()}`;
}

/** What a suggestion shows: "Bát nhã" or "Bát nhã + sắc + không". */
export function keywordLabel(entry: HomeKeyword): string {
  return 'keyword' in entry ? entry.keyword : entry.keywords.join(' + ');
}
