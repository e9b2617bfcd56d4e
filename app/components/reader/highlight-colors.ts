import type { HighlightColor } from '#common/contracts/note.values.ts';

/** The names of the highlight colours, for buttons and screen readers. */
export const COLOR_LABELS: Record<HighlightColor, string> = { aqua: 'Xanh', yellow: 'Vàng', red: 'Đỏ' };
