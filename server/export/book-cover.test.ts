import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hueOf } from '#common/covers.ts';
import {
  fitCoverTitle,
  GENERATED_COVER_HEIGHT,
  GENERATED_COVER_TITLE_HEIGHT,
  GENERATED_COVER_WIDTH,
  renderGeneratedCover,
} from './book-cover.ts';

/** The colour of the ground near the bottom-left corner (inside the frame, away from the text). */
async function groundOf(jpeg: Buffer) {
  const { data } = await sharp(jpeg).extract({ left: 60, top: 700, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return [...data];
}

// Each test draws several covers with Pango: seconds on a busy machine, hence their time limits.
describe('generated book covers', () => {
  const book = { code: 'kinh-thu-bia', title: 'Kinh Thử Bìa (phiên âm Hán-Việt)', subtitle: '金剛經' };

  it('draws a 600×800 JPEG, the same bytes for the same book, the title and original title on it', async () => {
    const jpeg = await renderGeneratedCover(book);
    expect(await sharp(jpeg).metadata()).toMatchObject({
      format: 'jpeg',
      width: GENERATED_COVER_WIDTH,
      height: GENERATED_COVER_HEIGHT,
    });
    expect((await renderGeneratedCover(book)).equals(jpeg)).toBe(true);
    expect((await renderGeneratedCover({ ...book, title: 'Kinh Khác' })).equals(jpeg)).toBe(false);
    expect((await renderGeneratedCover({ ...book, subtitle: null })).equals(jpeg)).toBe(false);
    // "(phiên âm Hán-Việt)" is for lists: the cover shows the title without it, as the site's does.
    expect((await renderGeneratedCover({ ...book, title: 'Kinh Thử Bìa' })).equals(jpeg)).toBe(true);
  }, 30_000);

  it('grounds each book in its own hue, as the site does', async () => {
    const other = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
      .map((c) => `kinh-${c}`)
      .find((c) => hueOf(c) !== hueOf(book.code))!;
    const [mine, theirs] = await Promise.all([
      renderGeneratedCover(book).then(groundOf),
      renderGeneratedCover({ ...book, code: other }).then(groundOf),
    ]);
    const distance = mine.reduce((sum, v, i) => sum + Math.abs(v - theirs[i]!), 0);
    expect(distance).toBeGreaterThan(30);
  }, 30_000);

  it('fits the longest title in its room, cut with "…" past 120 columns', async () => {
    for (const title of [
      'Nghi Thức Tụng Niệm Hằng Ngày Của Người Phật Tử '.repeat(7).slice(0, 300),
      '般若'.repeat(150),
    ]) {
      const drawn = await fitCoverTitle(title, '#ffffff');
      expect(drawn.height, title.slice(0, 10)).toBeLessThanOrEqual(GENERATED_COVER_TITLE_HEIGHT);
    }
  }, 30_000);
});
