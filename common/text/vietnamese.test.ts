import { describe, expect, it } from 'vitest';
import { canonicalizeTones, hasDiacritics, normalizeText, slugify, toExactForm, toFoldedForm } from './vietnamese.ts';

describe('normalizeText', () => {
  it('composes decomposed (NFD) input to NFC', () => {
    const nfd = 'Phật giáo'.normalize('NFD');
    expect(nfd).not.toBe('Phật giáo');
    expect(normalizeText(nfd)).toBe('Phật giáo');
  });

  it('reads the look-alike Ð (U+00D0) as Đ (U+0110)', () => {
    expect(normalizeText('\u00D0ệ tử')).toBe('\u0110ệ tử');
  });

  it('removes invisible characters', () => {
    expect(normalizeText('Phật\u200B giáo\uFEFF\u00AD')).toBe('Phật giáo');
  });

  it('is idempotent', () => {
    const once = normalizeText('Ðạo Phật\u200B');
    expect(normalizeText(once)).toBe(once);
  });
});

describe('canonicalizeTones', () => {
  it.each([
    ['hoà', 'hòa'],
    ['Hoà bình', 'Hòa bình'],
    ['thuý', 'thúy'],
    ['khoẻ', 'khỏe'],
    ['uỷ ban', 'ủy ban'],
    ['hoạ', 'họa'],
    ['thủy', 'thủy'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalizeTones(input)).toBe(expected);
  });

  it.each([
    'hoàn',
    'người',
    'tuổi',
    'quốc',
    'giữ',
    'gì',
    'nghĩa',
    'quý',
    'quà',
    'khuyến',
    'Nguyễn',
    'của',
    'giường',
    'thuở',
    'lựa',
  ])('leaves the correct spelling of %s as it is', (word) => {
    expect(canonicalizeTones(word)).toBe(word);
  });

  it('makes both placements of a whole sentence identical', () => {
    expect(canonicalizeTones('Hoà thượng thuý hoạ')).toBe(canonicalizeTones('Hòa thượng thúy họa'));
  });
});

describe('search forms', () => {
  it('folds diacritics and đ so "phat giao" and "Phật giáo" meet', () => {
    expect(toFoldedForm('Phật giáo')).toBe('phat giao');
    expect(toFoldedForm('Đạo đức')).toBe('dao duc');
    expect(toFoldedForm('\u00D0ạo')).toBe('dao');
    expect(toFoldedForm('PHẬT GIÁO'.normalize('NFD'))).toBe('phat giao');
  });

  it('keeps diacritics in the exact form, lower case, canonical tones', () => {
    expect(toExactForm('Hoà Thượng')).toBe('hòa thượng');
    expect(toExactForm('hòa thượng')).toBe('hòa thượng');
  });

  it('knows when a query carries diacritics', () => {
    expect(hasDiacritics('phat giao')).toBe(false);
    expect(hasDiacritics('Phật')).toBe(true);
    expect(hasDiacritics('dao')).toBe(false);
    expect(hasDiacritics('đao')).toBe(true);
  });

  it('makes URL slugs', () => {
    expect(slugify('Kinh Kim Cang (phiên âm Hán-Việt)')).toBe('kinh-kim-cang-phien-am-han-viet');
    expect(slugify('  Đại thừa!  ')).toBe('dai-thua');
  });
});
