import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/**
 * The site's reading face, Noto Serif (OFL, app/fonts/OFL.txt), as TrueType files: Pango (inside
 * sharp) takes a font file, not the web's WOFF2 subsets, and these hold every Vietnamese letter.
 */
export const CARD_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf'),
};

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN - 24;
/** The quote's room above the source line. */
export const CARD_QUOTE_HEIGHT = 380;
/** Past this many columns the passage is cut with "…" (a card is read at a glance): cardQuoteOf. */
export const CARD_QUOTE_MAX = 320;

const PAPER = '#f6efe3';
const INK = '#2b2118';
const ACCENT = '#8b3a1a';
const MUTED = '#6b5a4a';

function escapeMarkup(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/**
 * Characters a card's lines give two columns (CJK, Hangul, full-width forms, as East Asian Width
 * counts them): a Chinese passage may have half as many characters as a Vietnamese one.
 */
const WIDE =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;
/** Chinese, written without spaces, is cut after the last of its pauses. */
const LAST_CHINESE_PAUSE = /[，、；：。！？][^，、；：。！？]*$/;

/** The columns of a passage on a card (wide characters count two). */
export function cardColumnsOf(text: string): number {
  let columns = 0;
  for (const ch of text) columns += WIDE.test(ch) ? 2 : 1;
  return columns;
}

/**
 * Text cut to `max` columns with "…": at its last word or, in Chinese, after its last pause, else
 * at a character.
 */
export function cutToColumns(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (cardColumnsOf(clean) <= max) return clean;
  let cut = '';
  let columns = 0;
  for (const ch of clean) {
    columns += cardColumnsOf(ch);
    if (columns > max - 1) break;
    cut += ch;
  }
  const at = Math.max(cut.lastIndexOf(' '), cut.search(LAST_CHINESE_PAUSE) + 1);
  const kept = at >= cut.length / 2 ? cut.slice(0, at) : cut;
  return `${kept.trimEnd().replace(/[,;:，、；：]$/, '')}…`;
}

/** A passage short enough for a card (CARD_QUOTE_MAX columns). */
export function cardQuoteOf(text: string): string {
  return cutToColumns(text, CARD_QUOTE_MAX);
}

/**
 * Text set by Pango in the card's font, as a transparent picture no wider than `width`. Chinese has
 * no glyph in Noto Serif: it is set in Noto Serif CJK when the machine has it (Debian's
 * fonts-noto-cjk, docs/deploy.md), else in whatever CJK font fontconfig finds, else as boxes
 * (decision 0045: the project ships no CJK font).
 */
export async function renderCardText(
  text: string,
  options: { size: number; bold?: boolean; color: string; width: number; align?: 'left' | 'centre' | 'right' },
): Promise<{ image: Buffer; width: number; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.color}">${escapeMarkup(text)}</span>`,
      font: `Noto Serif,Noto Serif CJK TC ${options.bold ? 'Bold ' : ''}${options.size}`,
      fontfile: options.bold ? CARD_FONTS.bold : CARD_FONTS.regular,
      width: options.width,
      align: options.align ?? 'left',
      wrap: 'word',
      rgba: true,
      dpi: 72,
      spacing: Math.round(options.size * 0.45),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}

type TextOptions = Parameters<typeof renderCardText>[1];

/** Text set in the largest of `sizes` (largest first) whose lines fit in `height`, else the smallest. */
export async function renderFittedText(
  text: string,
  sizes: readonly number[],
  height: number,
  options: Omit<TextOptions, 'size'>,
) {
  let drawn = await renderCardText(text, { ...options, size: sizes[0]! });
  for (const size of sizes.slice(1)) {
    if (drawn.height <= height) break;
    drawn = await renderCardText(text, { ...options, size });
  }
  return drawn;
}

/** The passage, cut and quoted, set in the largest type it fits in (else the smallest). */
export function fitCardQuote(passage: string) {
  return renderFittedText(`“${cardQuoteOf(passage)}”`, [52, 46, 40, 35, 30, 26], CARD_QUOTE_HEIGHT, {
    color: INK,
    width: TEXT_WIDTH,
  });
}

/**
 * A highlighted passage as a 1200×630 PNG (the size link previews show): the words large, the
 * book and chapter below them, the site's name in a corner. The largest type the passage fits in
 * is chosen; the same passage always makes the same bytes.
 */
export async function renderQuoteCard(card: { quote: string; source: string; siteName: string }): Promise<Buffer> {
  const text = await fitCardQuote(card.quote);
  const source = await renderCardText(`— ${card.source}`, { size: 26, bold: true, color: ACCENT, width: TEXT_WIDTH });
  const site = await renderCardText(card.siteName, { size: 24, color: MUTED, width: 400, align: 'right' });
  const top = MARGIN + Math.max(0, (CARD_QUOTE_HEIGHT - text.height) / 2);
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">` +
      `<rect width="100%" height="100%" fill="${PAPER}"/>` +
      `<rect x="${MARGIN - 40}" y="${MARGIN}" width="8" height="${CARD_HEIGHT - 2 * MARGIN}" rx="4" fill="${ACCENT}"/>` +
      `</svg>`,
  );
  return sharp(frame)
    .composite([
      { input: text.image, left: MARGIN, top: Math.round(top) },
      { input: source.image, left: MARGIN, top: Math.min(CARD_HEIGHT - 130, Math.round(top + text.height + 28)) },
      { input: site.image, left: CARD_WIDTH - MARGIN - site.width, top: CARD_HEIGHT - 60 },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
