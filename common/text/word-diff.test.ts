import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff.ts';

describe('wordDiff', () => {
  it('marks the words a correction takes out and puts in, keeping the rest', () => {
    expect(wordDiff('Quán Tự Tại Bồ tát hành thâm Bát nhã', 'Quán Tự Tại Bồ Tát hành thâm Bát-nhã')).toEqual([
      { op: 'same', text: 'Quán Tự Tại Bồ ' },
      { op: 'removed', text: 'tát ' },
      { op: 'added', text: 'Tát ' },
      { op: 'same', text: 'hành thâm ' },
      { op: 'removed', text: 'Bát nhã' },
      { op: 'added', text: 'Bát-nhã' },
    ]);
  });

  it('puts the old and new texts back together from its parts', () => {
    const before = 'Như thị ngã văn. Nhất thời Phật tại Xá Vệ quốc.';
    const after = 'Tôi nghe như vầy. Một thời Phật ở nước Xá Vệ.';
    const parts = wordDiff(before, after);
    const text = (ops: string[]) =>
      parts
        .filter((p) => ops.includes(p.op))
        .map((p) => p.text)
        .join('');
    expect(text(['same', 'removed']).trim()).toBe(before);
    expect(text(['same', 'added']).trim()).toBe(after);
  });

  it('an unchanged text is one kept part; an emptied one is one removal', () => {
    expect(wordDiff('Nam mô A Di Đà Phật', 'Nam mô A Di Đà Phật')).toEqual([
      { op: 'same', text: 'Nam mô A Di Đà Phật' },
    ]);
    expect(wordDiff('Nam mô', '')).toEqual([{ op: 'removed', text: 'Nam mô' }]);
  });
});
