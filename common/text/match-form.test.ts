import { describe, expect, it } from 'vitest';
import { containsEveryWord, toMatchForm } from './match-form.ts';

describe('toMatchForm', () => {
  it('folds marks, đ and case, and reads punctuation as spaces', () => {
    expect(toMatchForm('Kinh A-di-đà (phiên âm Hán-Việt)')).toBe('kinh a di da phien am han viet');
    expect(toMatchForm('  KIM   CƯƠNG ')).toBe('kim cuong');
    expect(toMatchForm('Nghi thức tụng niệm – các bài kệ, tán, chú')).toBe('nghi thuc tung niem cac bai ke tan chu');
    expect(toMatchForm('')).toBe('');
  });
});

describe('containsEveryWord', () => {
  it('finds every word of the query anywhere in the text, in any order', () => {
    const text = toMatchForm('Lễ Vu Lan — mùa báo hiếu');
    expect(containsEveryWord(text, toMatchForm('bao hieu vu lan'))).toBe(true);
    expect(containsEveryWord(text, toMatchForm('Báo hiếu'))).toBe(true);
    expect(containsEveryWord(text, toMatchForm('vu lan phat dan'))).toBe(false);
  });
});
