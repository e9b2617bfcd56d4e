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
