import { describe, expect, it } from 'vitest';
import { convertTelexWord, convertVniWord, suggestFromTyping } from './typing-conversion.ts';
import { canonicalizeTones } from './vietnamese.ts';

describe('convertTelexWord', () => {
  it.each([
    ['phaatj', 'phật'],
    ['giaos', 'giáo'],
    ['dduwowcj', 'được'],
    ['dduwocj', 'được'],
    ['nguwowif', 'người'],
    ['nguoiwf', 'người'],
    ['hoaf', 'hòa'],
    ['thieenf', 'thiền'],
    ['quans', 'quán'],
    ['thees', 'thế'],
    ['theer', 'thể'],
    ['aam', 'âm'],
    ['tuw', 'tư'],
    ['phajt', 'phạt'],
    ['phatj', 'phạt'],
    ['hoawcj', 'hoặc'],
    ['trawng', 'trăng'],
    ['muonwj', 'mượn'],
    ['thuowr', 'thuở'],
    ['chuyeenj', 'chuyện'],
    ['nghix', 'nghĩ'],
    ['quys', 'quý'],
    ['gif', 'gì'],
    ['ghes', 'ghé'],
    ['ddi', 'đi'],
    ['phasz', 'pha'],
  ])('%s → %s', (typed, expected) => {
    expect(convertTelexWord(typed)).toBe(expected);
  });

  it('keeps upper case', () => {
    expect(convertTelexWord('Phaatj')).toBe('Phật');
    expect(convertTelexWord('PHAATJ')).toBe('PHẬT');
    expect(convertTelexWord('DDaoj')).toBe('Đạo');
    expect(convertTelexWord('Ddaoj')).toBe('Đạo');
  });

  it('places the tone as canonicalizeTones does and returns NFC', () => {
    for (const typed of ['hoaf', 'thuys', 'khoer', 'nguwowif', 'dduwowcj', 'quoocs']) {
      const word = convertTelexWord(typed);
      expect(word).not.toBe(typed);
      expect(word).toBe(word.normalize('NFC'));
      expect(canonicalizeTones(word)).toBe(word);
    }
  });

  it.each([
    'books', // k is no coda
    'phat', // no keys at all
    'phatf', // huyền cannot close on a stop consonant
    'vieet', // neither can the level tone
    'here', // the r between the e's is a tone key, so no ê: "hee" is no syllable
    'phass', // a second tone key
    'quiz', // z with no tone to remove
    'saw', // ă needs a final consonant
    'know', // k before ơ
    'ges', // that is spelt gh
    'cis', // and that k
    'phật', // already accented
    'co-op', // punctuation
    'abc123',
  ])('leaves %s unchanged', (word) => {
    expect(convertTelexWord(word)).toBe(word);
  });
});

describe('convertVniWord', () => {
  it.each([
    ['pha65t', 'phật'],
    ['phat65', 'phật'],
    ['gia1o', 'giáo'],
    ['giao1', 'giáo'],
    ['d9u7o75c', 'được'],
    ['d9uo75c', 'được'],
    ['ngu7o7i2', 'người'],
    ['nguoi72', 'người'],
    ['thuo73', 'thuở'],
    ['hoa2', 'hòa'],
    ['tra8ng', 'trăng'],
    ['nguye6n4', 'nguyễn'],
    ['Pha65t', 'Phật'],
    ['D9a5o', 'Đạo'],
  ])('%s → %s', (typed, expected) => {
    expect(convertVniWord(typed)).toBe(expected);
  });

  it.each(['2024', '3d', 'mp3', 'pha0', 'pha12', 'phat2', 'phat', 'covid19'])('leaves %s unchanged', (word) => {
    expect(convertVniWord(word)).toBe(word);
  });
});

describe('suggestFromTyping', () => {
  it.each([
    ['phaatj', 'phật'],
    ['pha65t', 'phật'],
    ['phaatj giaos', 'phật giáo'],
    ['dduwowcj', 'được'],
    ['nguwowif', 'người'],
    ['nguoiwf', 'người'],
    ['hoaf', 'hòa'],
    ['Phaatj', 'Phật'],
    ['thieenf', 'thiền'],
    ['quans thees aam', 'quán thế âm'],
    ['qua1n the61 a6m', 'quán thế âm'],
    ['  kinh   phaps hoa  ', 'kinh pháp hoa'],
    ['phật giaos', 'phật giáo'], // the input method switched off mid-query
    ['kinh 2024 phaatj', 'kinh 2024 phật'],
    ['kinh pha1p hoa 2024', 'kinh pháp hoa 2024'],
  ])('%j → %j', (query, expected) => {
    expect(suggestFromTyping(query)).toBe(expected);
  });

  it('converts only the plausible words', () => {
    expect(suggestFromTyping('phaatj books')).toBe('phật books');
  });

  it('reads digits inside words as VNI, for the whole query', () => {
    // "phas" would be Telex for "phá"; in a VNI query it is left as typed.
    expect(suggestFromTyping('phas gia1o')).toBe('phas giáo');
  });

  it.each(['phật giáo', 'phat giao', 'books', '2024', '', '   ', 'kinh kim cang', 'phaatj,'])('%j → null', (query) => {
    expect(suggestFromTyping(query)).toBeNull();
  });

  it('returns NFC for decomposed input', () => {
    const suggestion = suggestFromTyping('phật giaos'.normalize('NFD'));
    expect(suggestion).toBe('phật giáo');
    expect(suggestion).toBe(suggestion?.normalize('NFC'));
  });
});
