import { z } from 'zod';

/**
 * A home-page suggestion: one keyword, or a keywords list (a main term, then extra terms that
 * must also match, combined with AND).
 */
export const ZHomeKeywordSchema = z.union([
  z.object({ keyword: z.string().min(1) }).strict(),
  z.object({ keywords: z.array(z.string().min(1)).min(2) }).strict(),
]);
export type HomeKeyword = z.infer<typeof ZHomeKeywordSchema>;

export const ZHomeKeywordsResponseSchema = z.object({ data: z.array(ZHomeKeywordSchema) });

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
