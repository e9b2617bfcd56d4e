import { describe, expect, it } from 'vitest';
import { highlight, indexForms, queryWords, snippet, tokenize } from './search-tokens.ts';

const marked = (segments: { text: string; hit: boolean }[]) =>
  segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

describe('search tokens', () => {
  it('splits words on anything but letters and digits, with offsets into the text', () => {
    const tokens = tokenize('Phật giáo, A-di-đà (năm 2024)!');
    expect(tokens.map((t) => t.folded)).toEqual(['phat', 'giao', 'a', 'di', 'da', 'nam', '2024']);
    expect(tokens.map((t) => 'Phật giáo, A-di-đà (năm 2024)!'.slice(t.start, t.end))).toEqual([
      'Phật',
      'giáo',
      'A',
      'di',
      'đà',
      'năm',
      '2024',
    ]);
  });

  it('gives one exact form for old and new tone placement, NFD input and the look-alike Ð', () => {
    expect(indexForms('Hoà bình').exact).toBe(indexForms('Hòa bình').exact);
    expect(indexForms('thuỷ'.normalize('NFD')).exact).toBe(indexForms('thủy').exact);
    expect(indexForms('\u00D0ạo').exact).toBe('đạo');
    expect(indexForms('Đạo').folded).toBe('dao');
  });

  it('reads query syntax as plain words', () => {
    expect(queryWords('"phật" AND (giáo*) NEAR/3 -x {exact}:').folded).toEqual([
      'phat',
      'and',
      'giao',
      'near',
      '3',
      'x',
      'exact',
    ]);
    expect(queryWords('🙏 … !!').folded).toEqual([]);
  });

  it('highlights folded matches in the original text, joining a phrase into one mark', () => {
    expect(marked(highlight('Đức Phật giáo hoá, phát tâm.', { folded: ['phat', 'giao'] }))).toBe(
      'Đức [Phật giáo] hoá, [phát] tâm.',
    );
    // With diacritics (strict): only the words as typed.
    expect(marked(highlight('Đức Phật giáo hoá, phát tâm.', { folded: ['phat'], exact: ['phật'] }))).toBe(
      'Đức [Phật] giáo hoá, phát tâm.',
    );
  });

  it('marks only whole occurrences of a phrase in strict mode', () => {
    const text = 'Phật dạy: giáo lý của Phật giáo; giáo Phật.';
    expect(marked(highlight(text, { folded: ['phat', 'giao'], phrase: true }))).toBe(
      'Phật dạy: giáo lý của [Phật giáo]; giáo Phật.',
    );
  });

  it('cuts a long snippet around the first hit at word boundaries', () => {
    const text = `${'mở đầu '.repeat(60)}Quán Thế Âm Bồ Tát ${'kết thúc '.repeat(60)}`;
    const cut = snippet(text, { folded: ['quan', 'the', 'am'], phrase: true }, 120);
    const joined = cut.map((s) => s.text).join('');
    expect(joined.length).toBeLessThanOrEqual(124);
    expect(joined.startsWith('…')).toBe(true);
    expect(joined.endsWith('…')).toBe(true);
    expect(marked(cut)).toContain('[Quán Thế Âm]');
    // No word is cut in half at the edges.
    expect(joined).toMatch(/^… ?(mở|đầu)/);
  });
});
