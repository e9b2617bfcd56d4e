import { describe, expect, it } from 'vitest';
import { endsWithAbbreviation, splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('cuts after full stops, question marks, semicolons and colons', () => {
    expect(splitSentences('Xá lợi tử! Sắc bất dị không. Vì sao? Vì thế: không có gì; tất cả.')).toEqual([
      'Xá lợi tử!',
      'Sắc bất dị không.',
      'Vì sao?',
      'Vì thế:',
      'không có gì;',
      'tất cả.',
    ]);
  });

  it('does not cut after the language tags of a Wikipedia opening, nor inside brackets', () => {
    const text =
      'Phật giáo (zh. 佛教, sa. buddhaśāsana, pi. buddhasāsāna, bo. sangs rgyas bstan pa) là một tôn giáo. Tất-đạt-đa Cồ-đàm (sa., pi. buddha), gọi tắt là Phật.';
    expect(splitSentences(text)).toEqual([
      'Phật giáo (zh. 佛教, sa. buddhaśāsana, pi. buddhasāsāna, bo. sangs rgyas bstan pa) là một tôn giáo.',
      'Tất-đạt-đa Cồ-đàm (sa., pi. buddha), gọi tắt là Phật.',
    ]);
  });

  it('does not cut after common short forms, whatever their case', () => {
    expect(
      splitSentences('Chùa ở TP. Hồ Chí Minh, xem tr. 12. Hoa, quả v.v. đều dâng lên. St. Paul viết thế.'),
    ).toEqual(['Chùa ở TP. Hồ Chí Minh, xem tr. 12.', 'Hoa, quả v.v. đều dâng lên.', 'St. Paul viết thế.']);
    expect(splitSentences('Bản dịch của Skt. và Pi. khác nhau. Hết.')).toEqual([
      'Bản dịch của Skt. và Pi. khác nhau.',
      'Hết.',
    ]);
  });

  it('keeps an initial with its name', () => {
    expect(splitSentences('Thầy Thích N. Hạnh dạy thiền. Rồi về.')).toEqual([
      'Thầy Thích N. Hạnh dạy thiền.',
      'Rồi về.',
    ]);
  });

  it('keeps what is left when the text ends inside brackets', () => {
    expect(splitSentences('Một câu. Câu (chưa đóng. Hết')).toEqual(['Một câu.', 'Câu (chưa đóng. Hết']);
  });
});

describe('endsWithAbbreviation', () => {
  it('knows the short forms, not ordinary words', () => {
    expect(endsWithAbbreviation('Phật giáo (zh.')).toBe(true);
    expect(endsWithAbbreviation('佛教, sa.')).toBe(true);
    expect(endsWithAbbreviation('Bụt-đà (sa., pi.')).toBe(true);
    expect(endsWithAbbreviation('hoa, quả v.v.')).toBe(true);
    expect(endsWithAbbreviation('sa.')).toBe(true);
    expect(endsWithAbbreviation('Sắc bất dị không.')).toBe(false);
    expect(endsWithAbbreviation('Xá lợi tử!')).toBe(false);
    expect(endsWithAbbreviation('thế kỉ thứ 4 TCN.')).toBe(false);
  });
});
