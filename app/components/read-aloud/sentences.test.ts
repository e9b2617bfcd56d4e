import { describe, expect, it } from 'vitest';
import { sentenceSpans, spokenForm } from './sentences.ts';

const cut = (text: string) => sentenceSpans(text).map(([from, to]) => text.slice(from, to));

describe('the sentences a chapter is read in', () => {
  it('ends a sentence after . ! ? … ; : and closing quotes, keeping abbreviations of one piece of text together', () => {
    expect(cut('Như thị ngã văn. Nhất thời Phật tại Xá Vệ quốc! Vì sao? “Thiện tai.” Rồi…')).toEqual([
      'Như thị ngã văn.',
      'Nhất thời Phật tại Xá Vệ quốc!',
      'Vì sao?',
      '“Thiện tai.”',
      'Rồi…',
    ]);
    // A point inside a number or a word is not an end.
    expect(cut('Năm 2.500 Phật lịch, tại chùa A.Di.Đà.')).toEqual(['Năm 2.500 Phật lịch, tại chùa A.Di.Đà.']);
  });

  it('a line without punctuation (a chanting verse) is one sentence; line breaks end one', () => {
    expect(cut('Pháp vương vô thượng tôn Tam giới vô luân thất')).toEqual([
      'Pháp vương vô thượng tôn Tam giới vô luân thất',
    ]);
    expect(cut('Nam mô A Di Đà Phật\nNam mô Quán Thế Âm Bồ Tát')).toEqual([
      'Nam mô A Di Đà Phật',
      'Nam mô Quán Thế Âm Bồ Tát',
    ]);
  });

  it('cuts a very long sentence at a comma or space, never losing a word', () => {
    const long = Array.from({ length: 60 }, (_, i) => `chữ${i},`).join(' ');
    const pieces = cut(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(220);
    expect(pieces.join(' ')).toBe(long);
  });

  it('skips pieces with no letters or digits', () => {
    expect(cut('… — … Thiện tai.')).toEqual(['Thiện tai.']);
    expect(cut(' — ')).toEqual([]);
  });
});

describe('what the voice is given', () => {
  it('says Hán-Việt compounds syllable by syllable, as written, and leaves Chinese characters out', () => {
    expect(spokenForm('Ma-ha Bát-nhã Ba-la-mật-đa Tâm Kinh')).toBe('Ma ha Bát nhã Ba la mật đa Tâm Kinh');
    expect(spokenForm('Tâm Kinh (般若心經)')).toBe('Tâm Kinh ( )');
    expect(spokenForm('Quán  Tự\nTại')).toBe('Quán Tự Tại');
  });
});
