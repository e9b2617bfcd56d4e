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

// The link and label of a suggestion live in keyword.values.ts (no zod, for the home page).
export { keywordLabel, searchUrlForKeyword } from './keyword.values.ts';
