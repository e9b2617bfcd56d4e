import { IMAGE_PRESETS } from './constants.ts';

/** Cover widths made on the server from every cover (3:4, the bookCover preset at 300×400 in the middle). */
export const COVER_WIDTHS = [150, IMAGE_PRESETS.bookCover.width, 600] as const;

/** `/media/covers/x-300.webp` → the same cover at another width (the naming the cover service uses). */
export function coverAtWidth(coverImage: string, width: number): string {
  return coverImage.replace(/-\d+\.webp$/, `-${width}.webp`);
}

/** The srcset of a cover made by the cover service; null for any other image address. */
export function coverSrcSet(coverImage: string): string | null {
  if (!/-\d+\.webp$/.test(coverImage)) return null;
  return COVER_WIDTHS.map((w) => `${coverAtWidth(coverImage, w)} ${w}w`).join(', ');
}

/** A stable hue from a book code, so each generated cover keeps its colour (on the site and in its EPUB). */
export function hueOf(code: string): number {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  // Warm, calm hues only: saffron, ochre, terracotta, moss, teal, indigo.
  const palette = [28, 38, 14, 95, 170, 210, 345];
  return palette[hash % palette.length]!;
}

/** The title a generated cover shows: the demo sutras' "(phiên âm Hán-Việt)" is for lists, not covers. */
export function coverTitleOf(title: string): string {
  return title.replace(/\s*\(phiên âm Hán-Việt\)\s*$/i, '');
}
