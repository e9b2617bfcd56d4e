import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_HEIGHT,
  CARD_QUOTE_HEIGHT,
  CARD_QUOTE_MAX,
  CARD_WIDTH,
  cardColumnsOf,
  cardQuoteOf,
  fitCardQuote,
  renderCardText,
  renderQuoteCard,
} from './quote-card.ts';

const VIETNAMESE = 'aàáảãạăằắẳẵặâầấẩẫậđeèéẻẽẹêềếểễệiìíỉĩịoòóỏõọôồốổỗộơờớởỡợuùúủũụưừứửữựyỳýỷỹỵ'.split('');
const HEART_SUTRA = '觀自在菩薩，行深般若波羅蜜多時，照見五蘊皆空，度一切苦厄。舍利子，色不異空，空不異色。';
/** Unassigned code points, whose hex digits differ place by place: every font lacks them. */
const NO_FONT_HAS = ['\u0378', '\u2FE0', '\uD7FC'];

interface Drawn {
  width: number;
  height: number;
  /** The alpha channel: 0 paper, 255 ink. */
  ink: Buffer;
}

/** One character as the card sets it (size 40, its regular or bold face). */
async function draw(character: string, bold = false): Promise<Drawn> {
  const { image, width, height } = await renderCardText(character, { size: 40, bold, color: '#000000', width: 400 });
  return { width, height, ink: await sharp(image).extractChannel('alpha').raw().toBuffer() };
}

/**
 * Pango draws a character no font has as a box with its code point in hex digits: the same frame,
 * of one size, for every code point of the first plane. The frame is the ink common to the boxes
 * of characters no font has.
 */
function missingGlyphFrame(boxes: Drawn[]) {
  const [first] = boxes;
  const frame: number[] = [];
  for (let i = 0; i < first!.ink.length; i++) if (boxes.every((box) => box.ink[i]! > 127)) frame.push(i);
  return { width: first!.width, height: first!.height, frame };
}

/** A character drawn as that box: its size, and at least 90 % of the frame inked. */
function isMissingGlyphBox(drawn: Drawn, box: ReturnType<typeof missingGlyphFrame>): boolean {
  if (drawn.width !== box.width || drawn.height !== box.height) return false;
  return box.frame.filter((i) => drawn.ink[i]! > 127).length >= 0.9 * box.frame.length;
}

const chineseCharacters = [...new Set(HEART_SUTRA)];

describe('quote cards', () => {
  let box: { regular: ReturnType<typeof missingGlyphFrame>; bold: ReturnType<typeof missingGlyphFrame> };
  beforeAll(async () => {
    box = {
      regular: missingGlyphFrame(await Promise.all(NO_FONT_HAS.map((c) => draw(c)))),
      bold: missingGlyphFrame(await Promise.all(NO_FONT_HAS.map((c) => draw(c, true)))),
    };
  });

  it('draws every Vietnamese letter with a glyph of its own, none as the missing-glyph box', async () => {
    const seen = new Set<string>();
    for (const letter of [...VIETNAMESE, ...VIETNAMESE.map((l) => l.toUpperCase())]) {
      const drawn = await draw(letter);
      expect(isMissingGlyphBox(drawn, box.regular), letter).toBe(false);
      seen.add(drawn.ink.toString('base64'));
    }
    // Each letter differs from every other: tone marks and hooks are drawn, not dropped.
    expect(seen.size).toBe(VIETNAMESE.length * 2);
  }, 30_000);

  it('sets Chinese in a CJK font, regular and bold, no character as the missing-glyph box', async () => {
    for (const character of chineseCharacters) {
      for (const bold of [false, true]) {
        const drawn = await draw(character, bold);
        const face = bold ? 'bold' : 'regular';
        expect(
          isMissingGlyphBox(drawn, box[face]),
          `${character} (${face}) is a missing-glyph box: no CJK font (Debian's fonts-noto-cjk, scripts/ensure-system-tools.mjs)`,
        ).toBe(false);
      }
    }
  }, 30_000);

  describe('on a machine without a CJK font', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-fonts-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('the same Chinese comes out as the boxes the test above looks for', () => {
      // A fontconfig that knows no font but the card's own file (Noto Serif, no Chinese).
      fs.writeFileSync(
        path.join(dir, 'fonts.conf'),
        `<?xml version="1.0"?><fontconfig><cachedir>${dir}</cachedir></fontconfig>`,
      );
      const script = `
        import sharp from 'sharp';
        import { renderCardText } from '#server/export/quote-card.ts';
        const drawn = [];
        for (const c of ${JSON.stringify([...NO_FONT_HAS, ...chineseCharacters])}) {
          const { image, width, height } = await renderCardText(c, { size: 40, color: '#000000', width: 400 });
          drawn.push({ width, height, ink: (await sharp(image).extractChannel('alpha').raw().toBuffer()).toString('base64') });
        }
        console.log(JSON.stringify(drawn));`;
      const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, FONTCONFIG_FILE: path.join(dir, 'fonts.conf') },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const drawn = (JSON.parse(result.stdout) as { width: number; height: number; ink: string }[]).map((d) => ({
        ...d,
        ink: Buffer.from(d.ink, 'base64'),
      }));
      const fontless = missingGlyphFrame(drawn.slice(0, NO_FONT_HAS.length));
      for (const [i, character] of chineseCharacters.entries()) {
        expect(isMissingGlyphBox(drawn[NO_FONT_HAS.length + i]!, fontless), character).toBe(true);
      }
    }, 60_000); // a Node process of its own: seconds on a busy machine
  });

  it('makes a 1200×630 PNG, the same bytes for the same passage, and cuts a long passage at a word', async () => {
    const card = {
      quote: 'Ý dẫn đầu các pháp, ý làm chủ, ý tạo tác.',
      source: 'Kinh Pháp Cú · Phẩm Song Yếu',
      siteName: 'Pháp Bảo',
    };
    const png = await renderQuoteCard(card);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: CARD_WIDTH, height: CARD_HEIGHT });
    expect((await renderQuoteCard(card)).equals(png)).toBe(true);
    expect((await renderQuoteCard({ ...card, quote: 'Hận thù diệt hận thù.' })).equals(png)).toBe(false);
    const long = 'Nam mô A Di Đà Phật, '.repeat(40);
    const cut = cardQuoteOf(long);
    expect(cut.length).toBeLessThanOrEqual(CARD_QUOTE_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(await sharp(await renderQuoteCard({ ...card, quote: long })).metadata()).toMatchObject({
      height: CARD_HEIGHT,
    });
  });

  it('cuts a long Chinese passage after a pause, to half as many characters, never inside a character', () => {
    const long = HEART_SUTRA.repeat(10);
    const cut = cardQuoteOf(long);
    expect(cardColumnsOf(cut)).toBeLessThanOrEqual(CARD_QUOTE_MAX);
    expect(cut.length).toBeGreaterThan(CARD_QUOTE_MAX / 2 - 20);
    expect(cut).toMatch(/[^，、；：]…$/);
    const kept = cut.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    // After a pause: a full stop kept, a comma left out.
    expect(kept.endsWith('。') || /[，、；：]/.test(long[kept.length]!), kept.slice(-5)).toBe(true);
    // A character outside the first plane (two UTF-16 units) is kept whole or left out.
    const rare = cardQuoteOf('𠀋'.repeat(CARD_QUOTE_MAX));
    expect([...rare.slice(0, -1)].every((c) => c === '𠀋')).toBe(true);
  });

  it('keeps the longest passage, Vietnamese or Chinese, clear of the source line', async () => {
    const capitals = 'NAM MÔ ĐẠI TỪ ĐẠI BI CỨU KHỔ CỨU NẠN QUẢNG ĐẠI LINH CẢM QUÁN THẾ ÂM BỒ TÁT, '.repeat(6);
    for (const long of ['Nam mô A Di Đà Phật, '.repeat(40), capitals, HEART_SUTRA.repeat(10)]) {
      expect((await fitCardQuote(long)).height, long.slice(0, 20)).toBeLessThanOrEqual(CARD_QUOTE_HEIGHT);
    }
  }, 30_000);
});
