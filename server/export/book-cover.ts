import sharp from 'sharp';
import { coverTitleOf, hueOf } from '#common/covers.ts';
import { cutToColumns, renderCardText, renderFittedText } from './quote-card.ts';

export const GENERATED_COVER_WIDTH = 600;
export const GENERATED_COVER_HEIGHT = 800;
const PADDING = 60;
const TEXT_WIDTH = GENERATED_COVER_WIDTH - 2 * PADDING;
/** The title's room: below the ornament, above the subtitle; past it the type gets smaller. */
export const GENERATED_COVER_TITLE_HEIGHT = 420;
/** Columns of a title (a Chinese character counts two) and of the original title below it; longer ones are cut with "…". */
const TITLE_COLUMNS = 120;
const SUBTITLE_COLUMNS = 60;

/** `#rrggbb` of an HSL colour: Pango's markup takes no `hsl()`. */
function hexOf(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The title of a generated cover, cut and set in the largest type that fits its room. */
export function fitCoverTitle(title: string, color: string) {
  return renderFittedText(
    cutToColumns(coverTitleOf(title), TITLE_COLUMNS),
    [58, 50, 44, 38, 32],
    GENERATED_COVER_TITLE_HEIGHT,
    {
      bold: true,
      color,
      width: TEXT_WIDTH,
      align: 'centre',
    },
  );
}

/**
 * The cover the site draws for a book that has none (app/components/books/book-cover.tsx: the
 * title in serif on a ground of the book's hue, the original title below), as a JPEG for the
 * book's EPUB: readers' apps show a book by its cover. Set by Pango like the quote cards, so an
 * original title in Chinese is set in the machine's CJK font.
 */
export async function renderGeneratedCover(book: {
  code: string;
  title: string;
  subtitle: string | null;
}): Promise<Buffer> {
  const hue = hueOf(book.code);
  const ink = hexOf(hue, 60, 94);
  const text = await fitCoverTitle(book.title, ink);
  const subtitle = book.subtitle
    ? await renderCardText(cutToColumns(book.subtitle, SUBTITLE_COLUMNS), {
        size: 40,
        color: hexOf(hue, 45, 78),
        width: TEXT_WIDTH,
        align: 'centre',
      })
    : null;
  const ornament = 94;
  const gap = 34;
  const height = ornament + gap + text.height + (subtitle ? gap + subtitle.height : 0);
  const top = Math.max(PADDING, Math.round((GENERATED_COVER_HEIGHT - height) / 2));
  const centre = GENERATED_COVER_WIDTH / 2;
  const ground = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${GENERATED_COVER_WIDTH}" height="${GENERATED_COVER_HEIGHT}">` +
      '<defs>' +
      `<linearGradient id="g" x1="0.33" y1="0" x2="0.67" y2="1"><stop offset="0" stop-color="hsl(${hue}, 42%, 34%)"/><stop offset="1" stop-color="hsl(${hue}, 46%, 22%)"/></linearGradient>` +
      `<radialGradient id="r" cx="0.8" cy="0.12" r="0.45"><stop offset="0" stop-color="hsl(${hue}, 60%, 70%)" stop-opacity="0.45"/><stop offset="1" stop-color="hsl(${hue}, 60%, 70%)" stop-opacity="0"/></radialGradient>` +
      '</defs>' +
      '<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#r)"/>' +
      `<rect x="33" y="33" width="${GENERATED_COVER_WIDTH - 66}" height="${GENERATED_COVER_HEIGHT - 66}" rx="20" fill="none" stroke="hsl(${hue}, 60%, 85%)" stroke-opacity="0.35" stroke-width="3"/>` +
      `<circle cx="${centre}" cy="${top + ornament / 2}" r="${ornament / 2 - 3}" fill="none" stroke="hsl(${hue}, 70%, 85%)" stroke-opacity="0.7" stroke-width="5"/>` +
      `<circle cx="${centre}" cy="${top + ornament / 2}" r="${ornament / 2 - 22}" fill="none" stroke="hsl(${hue}, 70%, 85%)" stroke-opacity="0.45" stroke-width="6"/>` +
      '</svg>',
  );
  const titleTop = top + ornament + gap;
  const layers = [{ input: text.image, left: Math.round(centre - text.width / 2), top: titleTop }];
  if (subtitle) {
    layers.push({
      input: subtitle.image,
      left: Math.round(centre - subtitle.width / 2),
      top: Math.min(GENERATED_COVER_HEIGHT - PADDING - subtitle.height, titleTop + text.height + gap),
    });
  }
  return sharp(ground).composite(layers).jpeg({ quality: 88 }).toBuffer();
}
