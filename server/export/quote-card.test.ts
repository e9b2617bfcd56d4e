import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_QUOTE_MAX, CARD_WIDTH, cardQuoteOf, renderCardText, renderQuoteCard } from './quote-card.ts';

const VIETNAMESE = 'aàáảãạăằắẳẵặâầấẩẫậđeèéẻẽẹêềếểễệiìíỉĩịoòóỏõọôồốổỗộơờớởỡợuùúủũụưừứửữựyỳýỷỹỵ'.split('');
const pixels = async (text: string) => {
  const { image } = await renderCardText(text, { size: 40, color: '#000000', width: 400 });
  return (await sharp(image).raw().toBuffer()).toString('base64');
};

describe('quote cards', () => {
  it('draws every Vietnamese letter with a glyph of its own, none as the missing-glyph box', async () => {
    const missing = await pixels('\uE000');
    const seen = new Set<string>();
    for (const letter of [...VIETNAMESE, ...VIETNAMESE.map((l) => l.toUpperCase())]) {
      const drawn = await pixels(letter);
      expect(drawn, letter).not.toBe(missing);
      seen.add(drawn);
    }
    // Each letter differs from every other: tone marks and hooks are drawn, not dropped.
    expect(seen.size).toBe(VIETNAMESE.length * 2);
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
});
