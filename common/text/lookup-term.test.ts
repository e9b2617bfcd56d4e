import { describe, expect, it } from 'vitest';
import { lookupTermOf, readLookupTerm } from './lookup-term.ts';

describe('which selections are looked up as a term', () => {
  it('takes a word or a short phrase, trimmed of what a selection drags along', () => {
    expect(lookupTermOf('Bát nhã')).toBe('Bát nhã');
    expect(lookupTermOf(' “Niết bàn,” ')).toBe('Niết bàn');
    expect(lookupTermOf('Ba-la-mật-đa')).toBe('Ba-la-mật-đa');
    expect(lookupTermOf('Bồ\ntát')).toBe('Bồ tát');
    expect(lookupTermOf('Bồ tát'.normalize('NFD'))).toBe('Bồ tát'.normalize('NFD'));
    expect(lookupTermOf('prajñā')).toBe('prajñā');
    expect(lookupTermOf('một hai ba bốn năm sáu')).toBe('một hai ba bốn năm sáu');
  });

  it('leaves out sentences, long passages, numbers and Chinese, saying why', () => {
    expect(readLookupTerm('')).toEqual({ problem: 'required' });
    expect(readLookupTerm(' … ')).toEqual({ problem: 'required' });
    expect(readLookupTerm('một hai ba bốn năm sáu bảy')).toEqual({ problem: 'tooLong' });
    expect(readLookupTerm('a'.repeat(61))).toEqual({ problem: 'tooLong' });
    expect(readLookupTerm('Bát nhã. Niết bàn')).toEqual({ problem: 'notTerm' });
    expect(readLookupTerm('Như thị, ngã văn')).toEqual({ problem: 'notTerm' });
    expect(readLookupTerm('chương 3')).toEqual({ problem: 'notTerm' });
    expect(readLookupTerm('般若')).toEqual({ problem: 'notTerm' });
  });
});
