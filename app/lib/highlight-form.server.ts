import { z } from 'zod';
import { HIGHLIGHT_COLORS, ZNoteAnchorSchema } from '#common/contracts/note.schema.ts';

// The chapter page's "highlight" form (app/routes/books/chapter.tsx). Here rather than beside the
// action: a zod schema at a route module's top level stays in its browser chunk with all of zod.
export const ZHighlightForm = z.object({
  bookCode: z.string(),
  chapterCode: z.string(),
  color: z.enum(HIGHLIGHT_COLORS),
  content: z.string(),
  // "" is "no group"; another reader's group is refused by the service (404).
  noteGroupId: z.preprocess(
    (v) => (v === undefined || v === '' ? null : Number(v)),
    z.number().int().positive().nullable(),
  ),
  anchor: z.string().transform((s, ctx) => {
    const parsed = ZNoteAnchorSchema.safeParse(
      (() => {
        try {
          return JSON.parse(s);
        } catch {
          return null;
        }
      })(),
    );
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Vị trí đánh dấu không hợp lệ' });
      return z.NEVER;
    }
    return parsed.data;
  }),
});
