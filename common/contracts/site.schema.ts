import { z } from 'zod';

/** A teaching quote of the footer: the words, where they come from, and who translated them. */
export const ZFooterQuoteSchema = z.object({
  text: z.string(),
  original: z.string().nullable(),
  source: z.string(),
  translator: z.string().nullable(),
});
export type FooterQuote = z.infer<typeof ZFooterQuoteSchema>;

/** Links and contact details of the people who run the library (from configuration; null = hidden). */
export const ZSiteLinksSchema = z.object({
  dictionaryUrl: z.string().nullable(),
  monasteryUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  feedbackUrl: z.string().nullable(),
  bugReportUrl: z.string().nullable(),
  translatorFormUrl: z.string().nullable(),
});
export type SiteLinks = z.infer<typeof ZSiteLinksSchema>;
