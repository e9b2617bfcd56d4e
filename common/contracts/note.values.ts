// The reader's highlight colours: no zod, so the chapter page does not download it
// (docs/decisions/0016-first-load-javascript.md). note.schema.ts re-exports them.

/** Highlight colours of the reader (product spec §2). */
export const HIGHLIGHT_COLORS = ['aqua', 'yellow', 'red'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];
