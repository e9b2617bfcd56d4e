import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignParagraph, bareReading, hanCharOf } from './han-alignment.ts';

describe('alignParagraph', () => {
  it('pairs each character with its syllable and cuts sentences at the Chinese punctuation', () => {
    const sentences = alignParagraph('Xá lợi tử! Sắc bất dị không, không bất dị sắc,', '舍利子，色不異空，空不異色、');
    expect(sentences.map((s) => [s.han, s.vi])).toEqual([
      ['舍利子，', 'Xá lợi tử!'],
      ['色不異空，', 'Sắc bất dị không,'],
      ['空不異色、', 'không bất dị sắc,'],
    ]);
    expect(sentences[0]!.pairs!.map((p) => [hanCharOf(p), bareReading(p.reading)])).toEqual([
      ['舍', 'Xá'],
      ['利', 'lợi'],
      ['子', 'tử'],
    ]);
  });

  it('keeps the reading exactly as printed when its sentences are joined again', () => {
    const vi = 'Quán Tự Tại Bồ tát, hành thâm Bát nhã Ba-la-mật-đa thời,';
    const sentences = alignParagraph(vi, '觀自在菩薩，行深般若波羅蜜多時，');
    expect(sentences.map((s) => s.vi).join(' ')).toBe(vi);
    expect(sentences[1]!.pairs!.map((p) => p.reading)).toEqual([
      'hành',
      'thâm',
      'Bát',
      'nhã',
      'Ba',
      'la',
      'mật',
      'đa',
      'thời,',
    ]);
  });

  it('leaves a paragraph whole and unpaired when the counts differ', () => {
    expect(alignParagraph('Nam mô A Di Đà Phật', '南無阿彌陀')).toEqual([
      { han: '南無阿彌陀', vi: 'Nam mô A Di Đà Phật', pairs: null },
    ]);
  });

  it('pairs every paragraph of the demo sutras but the one whose source lost a character', () => {
    const dir = path.resolve(import.meta.dirname, '../../data/demo/books');
    let paired = 0;
    let whole = 0;
    for (const file of readdirSync(dir)) {
      const book = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      for (const chapter of book.chapters) {
        chapter.paragraphs.forEach((vi: string, i: number) => {
          const han = chapter.parallel?.['zh-Hant']?.[i];
          if (!han) return;
          if (alignParagraph(vi, han).every((s) => s.pairs)) paired++;
          else whole++;
        });
      }
    }
    expect(paired).toBe(637);
    expect(whole).toBe(1);
  });
});
