import { z } from 'zod';
import { zLine } from './text.schema.ts';

/** One book in a reader's history: where they were and when. */
export const ZHistoryEntrySchema = z.object({
  bookCode: zLine().min(1).max(120),
  bookTitle: zLine().max(300),
  chapterCode: zLine().min(1).max(140),
  chapterTitle: zLine().max(300).nullable(),
  chapterPosition: z.number().int().min(1),
  paragraph: z
    .string()
    .regex(/^p-\d{1,5}$/)
    .nullable(),
  readAt: z.iso.datetime(),
});
export type HistoryEntry = z.infer<typeof ZHistoryEntrySchema>;

/** What the browser sends to merge the history it kept before login (at most 200 books). */
export const ZMergeHistoryRequestSchema = z.object({ entries: z.array(ZHistoryEntrySchema).max(200) });
