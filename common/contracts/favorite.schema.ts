import { z } from 'zod';
import { zLine } from './text.schema.ts';
import { ZBookSummarySchema } from './content.schema.ts';

export const ZFavoriteBookRequestSchema = z.object({ bookCode: zLine().min(1).max(120) });

/** A saved book: the book and when it was saved. */
export const ZFavoriteBookSchema = ZBookSummarySchema.extend({ savedAt: z.string() });
export type FavoriteBook = z.infer<typeof ZFavoriteBookSchema>;

export const ZFavoriteBooksResponseSchema = z.object({ data: z.object({ favBooks: z.array(ZFavoriteBookSchema) }) });
