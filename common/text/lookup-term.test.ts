import { describe, expect, it } from 'vitest';
import { lookupTermOf, termProblemOf } from './lookup-term.ts';

describe('which selections are looked up as a term', () => {
  it('takes a word or a short phrase, trimmed of what a selection drags along', () => {
    expect(lookupTermOf('Bát nhã')).toBe('Bát nhã');
    expect(lookupTermOf(' “Niết bàn,” ')).toBe('Niết bàn');
    expect(lookupTermOf('Ba-la-mật-đa')).toBe('Ba-la-mật-đa');
    expect(lookupTermOf('Bồ\ntát')).toBe('Bồ tát');
    expect(lookupTermOf('Bồ tát'.normalize('NFD'))).toBe('Bồ tát'.normalize('NFD'));
    expect(lookupTermOf('prajñā')).toBe('prajñā');
    expect(lookupTermOf('một hai ba bốn năm sáu')).toBe('một hai ba bốn năm sáu');
    // A transliteration joined by hyphens is one word: nine syllables, three words.
    expect(lookupTermOf('A-nậu-đa-la tam-miệu tam-bồ-đề')).toBe('A-nậu-đa-la tam-miệu tam-bồ-đề');
  });

  it('leaves out sentences, long passages, numbers and Chinese, saying why', () => {
    expect(lookupTermOf('')).toBeNull();
    expect(termProblemOf('')).toBe('required');
    expect(lookupTermOf(' … ')).toBeNull();
    expect(termProblemOf(' … ')).toBe('required');
    expect(lookupTermOf('một hai ba bốn năm sáu bảy')).toBeNull();
    expect(termProblemOf('một hai ba bốn năm sáu bảy')).toBe('tooLong');
    expect(lookupTermOf('a'.repeat(61))).toBeNull();
    expect(termProblemOf('a'.repeat(61))).toBe('tooLong');
    expect(lookupTermOf('Bát nhã. Niết bàn')).toBeNull();
    expect(termProblemOf('Bát nhã. Niết bàn')).toBe('notTerm');
    expect(lookupTermOf('Như thị, ngã văn')).toBeNull();
    expect(termProblemOf('Như thị, ngã văn')).toBe('notTerm');
    expect(lookupTermOf('chương 3')).toBeNull();
    expect(termProblemOf('chương 3')).toBe('notTerm');
    expect(lookupTermOf('般若')).toBeNull();
    expect(termProblemOf('般若')).toBe('notTerm');
  });
});
